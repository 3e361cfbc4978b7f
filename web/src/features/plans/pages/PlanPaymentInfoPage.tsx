import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { TApplyPreview, TBillingPaymentState, TPaymentMethodKind } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { setFlowReturn, type FlowReturn } from '../../../lib/flow-return';
import { currentLocale } from '../../../lib/locale';
import { BillingInfoForm } from '../../billing-info';
import { CardEntryForm } from '../../payment-method';
import { useApplyPreview, useBillingInfoOnFile, useBillingPayment, useCardTokenizer, useLatestPaymentRequest } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft } from '../draft';

/** Where the card's 3-D Secure return page and the bank request's last step send the visitor back to. */
const BACK_HERE: FlowReturn = { path: '/plan/paymentinfo', label: 'plans.back_to_application' };

/**
 * /plan/paymentinfo (issue 22 item 1): a paid plan needs billing information and a usable payment
 * method before it can be confirmed. The step is passed over, and shown as skipped, only when
 * nothing is missing (both on file), when the client's reseller bills it, or for a free plan.
 * Otherwise it shows what is on file and registers what is missing here: the billing information,
 * and a card (3-D Secure through the payment gateway; the draft of the application, in
 * sessionStorage, survives the issuer's redirect) or, in Japan, leads to a bank-transfer or
 * direct-debit request, which counts once the provider has confirmed it.
 */
export default function PlanPaymentInfoPage() {
  const [draft] = usePlanDraft();
  const choice = draft.plan_id ? { product: draft.product, plan_id: draft.plan_id, option_ids: draft.option_ids } : null;
  const preview = useApplyPreview(choice);
  const state = useBillingPayment();
  if (!draft.plan_id) return <Navigate to="/plan/update" replace />;
  if (!draft.checked) return <Navigate to="/plan/contractinfo" replace />;
  return (
    <QueryState query={preview}>
      {(p) => <QueryState query={state}>{(s) => <PaymentStep preview={p} state={s} />}</QueryState>}
    </QueryState>
  );
}

function PaymentStep({ preview, state }: { preview: TApplyPreview; state: TBillingPaymentState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, update] = usePlanDraft();
  // Passed over when nothing is to be done here; never once the visitor has started registering (a
  // card registered here and back from 3-D Secure makes the step done, not skipped).
  const skip = !preview.review_required || state.billed_by_reseller
    || (state.registered && draft.payment_step !== 'in_progress' && draft.payment_step !== 'done');
  useEffect(() => {
    if (skip) update({ payment_step: 'skipped' });
    else if (draft.payment_step !== 'in_progress' && draft.payment_step !== 'done') update({ payment_step: 'in_progress' });
  }, [skip]);
  if (skip) return <Navigate to="/plan/confirm" replace />;

  function next() {
    update({ payment_step: 'done' });
    void navigate('/plan/confirm');
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_payment_info')}</Title>
      <PlanSteps active="payment" />
      <Text size="sm" c="dimmed">{t('plans.payment_intro')}</Text>
      <BillingSection onFile={state.billing_info} />
      <MethodSection method={state.payment_method} />
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate('/plan/contractinfo')}>{t('plans.back')}</Button>
        <Button onClick={next} disabled={!state.registered}>{t('plans.next')}</Button>
      </Group>
      {!state.registered && <Text size="xs" c="dimmed" ta="right">{t('plans.payment_next_help')}</Text>}
    </Stack>
  );
}

function Registered({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color="green" variant="light">{t('plans.payment_registered')}</Badge>
      <Text size="sm">{children}</Text>
    </Group>
  );
}

function BillingSection({ onFile }: { onFile: boolean }) {
  const { t } = useTranslation();
  const info = useBillingInfoOnFile();
  return (
    <Stack gap="xs" data-testid="payment-billing-info">
      <Title order={3} size="h4">{t('plans.payment_billing_title')}</Title>
      <QueryState query={info} loading={<Skeleton h={120} radius="md" />}>
        {(view) => (onFile && view.billing_info ? (
          <Card withBorder radius="md" padding="md">
            <Registered>{view.billing_info.company_name} · {view.billing_info.email}</Registered>
          </Card>
        ) : (
          <Stack gap="xs">
            <Text size="sm">{t(view.billing_info ? 'plans.payment_billing_incomplete' : 'plans.payment_billing_missing')}</Text>
            <Suspense fallback={<Skeleton h={320} radius="md" />}>
              <BillingInfoForm view={view} submitLabel={t('billing_info.register')} onSaved={() => undefined} />
            </Suspense>
          </Stack>
        ))}
      </QueryState>
    </Stack>
  );
}

type TChoice = 'credit_card' | 'bank_transfer' | 'direct_debit';

function MethodSection({ method }: { method: TBillingPaymentState['payment_method'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inJapan = currentLocale().region === 'jpn';
  const [choice, setChoice] = useState<TChoice>('credit_card');
  const tokenizer = useCardTokenizer();
  const latest = useLatestPaymentRequest(inJapan && !method);
  const pending = latest.data?.request?.status === 'pending' ? latest.data.request : null;
  const methodName = (m: TPaymentMethodKind) => t(`payment_method.method.${m}`);

  function toRequest(kind: 'bank_transfer' | 'direct_debit') {
    setFlowReturn(BACK_HERE);
    void navigate(kind === 'bank_transfer' ? '/paymentmethod_banktransfer' : '/paymentmethod_directdebit');
  }

  return (
    <Stack gap="xs" data-testid="payment-method">
      <Title order={3} size="h4">{t('plans.payment_method_title')}</Title>
      {method ? (
        <Card withBorder radius="md" padding="md">
          <Registered>{methodName(method.method)}{method.label ? ` ${method.label}` : ''}</Registered>
        </Card>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('plans.payment_method_missing')}</Text>
          {pending && <Alert color="yellow" variant="light">{t('plans.payment_request_pending', { method: methodName(pending.method) })}</Alert>}
          {inJapan && (
            <SegmentedControl value={choice} onChange={(v) => setChoice(v as TChoice)} aria-label={t('payment_method.choose')}
              data={(['credit_card', 'bank_transfer', 'direct_debit'] as const).map((m) => ({ value: m, label: methodName(m) }))} />
          )}
          {choice === 'credit_card' ? (
            <QueryState query={tokenizer} loading={<Skeleton h={320} radius="md" />}>
              {(config) => (
                <Suspense fallback={<Skeleton h={320} radius="md" />}>
                  <CardEntryForm config={config} returnTo={BACK_HERE} onRegistered={() => undefined} />
                </Suspense>
              )}
            </QueryState>
          ) : (
            <Card withBorder radius="md" padding="md">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t(`payment_method.method_help.${choice}`)}</Text>
                <Text size="sm" c="dimmed">{t('plans.payment_request_wait')}</Text>
                <Button variant="light" onClick={() => toRequest(choice)}>{t(choice === 'bank_transfer' ? 'route.paymentmethod_banktransfer' : 'route.paymentmethod_directdebit')}</Button>
              </Stack>
            </Card>
          )}
        </Stack>
      )}
    </Stack>
  );
}
