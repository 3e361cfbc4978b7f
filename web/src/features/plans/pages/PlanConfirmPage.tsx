import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { productName, type TApplyPreview, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
// Issue 11, slice C1: the next invoice with tax and FX.
import { NextInvoice } from '../components/NextInvoice';
import { useApply, useApplyPreview, useBillingPayment } from '../api';
import { PlanSteps } from '../components/PlanSteps';
import { usePlanDraft, type PlanDraft } from '../draft';
import { formatBusinessDate, formatMoney } from '../format';
import { MeteredUsage } from '../components/MeteredUsage';
import { useAgreementState } from '../../../lib/agreement';
import { PendingAgreementNotice } from '../../terms';

/**
 * /plan/confirm: the preview the API computed (the month the change takes effect, the end of the
 * minimum term, any penalty, the amounts), the contract info, the terms and privacy agreements,
 * and the application. A paid plan goes to review (/plan/complete_reviewing).
 *
 * Issue 22, an honest checkout: the minimum term's end and, in words, that cancelling before it
 * bills the remaining months at the monthly amount, with what cancelling today would bill (the
 * cancel dialog's own rule, computed by the server); the review's deadline for the start date; the
 * first invoice's date, lines, tax per rate and (outside Japan) the yen charged; an initial cost
 * not charged again on a plan change. A paid plan whose payment step is not complete goes back to
 * it (the server refuses the application as well).
 */
export default function PlanConfirmPage() {
  const [draft] = usePlanDraft();
  const choice = draft.plan_id ? { product: draft.product, plan_id: draft.plan_id, option_ids: draft.option_ids } : null;
  const preview = useApplyPreview(choice);
  if (!draft.plan_id) return <Navigate to="/plan/update" replace />;
  if (!draft.checked) return <Navigate to="/plan/contractinfo" replace />;
  return (
    <QueryState query={preview}>
      {(p) => (p.payment_required ? <Navigate to="/plan/paymentinfo" replace /> : <Confirm preview={p} draft={draft} />)}
    </QueryState>
  );
}

function Confirm({ preview, draft }: { preview: TApplyPreview; draft: PlanDraft }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const navigate = useNavigate();
  const apply = useApply();
  const form = useFormErrors();
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  // Issue 25: the versions agreed to (the server refuses an application without them while a revision is pending).
  const { versions } = useAgreementState();
  const money = (n: number) => formatMoney(n, preview.currency, language);
  const date = (d: string | null) => (d ? formatBusinessDate(d, language) : '—');
  const checked = draft.checked!;

  async function submit() {
    form.reset();
    if (!terms || !privacy) return form.setErrors({ agreements: [t('plans.agreements_required')] });
    try {
      const result = await apply.mutateAsync({
        product: draft.product, plan_id: draft.plan_id, option_ids: draft.option_ids,
        contract: {
          contract_kind: draft.contract.contract_kind, corporate_name: checked.corporate_name, representative: checked.representative,
          ...(draft.contract.search_id && checked.corporate_number ? { search_id: draft.contract.search_id, corporate_number: checked.corporate_number } : {}),
        },
        terms_agreed: true, privacy_agreed: true, ...versions,
      });
      // The result page clears the draft (clearing it here would send this page back to the plan step first).
      void navigate(result.status === 'reviewing' ? '/plan/complete_reviewing' : '/plan/complete');
    } catch (error) {
      form.fromError(error);
    }
  }

  const cancel = preview.cancel_preview;
  const waived = preview.waived_initial_costs ?? [];
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.plan_confirm')}</Title>
      <PlanSteps active="confirm" skipped={draft.payment_step === 'done' ? [] : ['payment']} />
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{productName(preview.product)} — {preview.plan_name}</Text>
          {preview.grants.length > 0 && <Alert color="teal" variant="light" data-testid="confirm-grants">{t('plans.package_grants', { products: preview.grants.map(productName).join(', ') })}</Alert>}
          <Table aria-label={t('plans.items')}>
            <Table.Tbody>
              {preview.items.map((i) => (
                <Table.Tr key={i.plan_id}>
                  <Table.Td>
                    <Text size="sm">{i.name}</Text>
                    {i.per_plan && <Text size="xs" c="dimmed">{t('plans.per_plan_explained')}</Text>}
                    <MeteredUsage item={i} currency={preview.currency} />
                  </Table.Td>
                  <Table.Td ta="right">{money(i.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {waived.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="initial-cost-waived">{t('plans.initial_cost_waived', { names: waived.map((w) => `${w.name} (${money(w.amount)})`).join(', ') })}</Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm">{t('plans.monthly_amount')}: <b>{money(preview.monthly_amount)}</b></Text>
            <Text size="sm">{t('plans.one_time_amount')}: <b>{money(preview.one_time_amount)}</b></Text>
            <Text size="sm" data-testid="effective-from">{t('plans.effective_from')}: <b>{date(preview.effective_from)}</b></Text>
            <Text size="sm">{t('plans.billing_start')}: <b>{date(preview.billing_start)}</b></Text>
            <Text size="sm" data-testid="minimum-term-end">{t('plans.minimum_term_end')}: <b>{date(preview.minimum_term_end)}</b></Text>
            {preview.penalty_months > 0 && (
              <Text size="sm" data-testid="change-penalty">{t('plans.change_penalty')}: <b>{t('plans.penalty_value', { months: preview.penalty_months, amount: money(preview.penalty_amount) })}</b></Text>
            )}
          </SimpleGrid>
          {preview.replaces && <Text size="sm" c="dimmed">{t('plans.replaces', { plan: preview.replaces.plan_name, date: date(preview.replaces.ends_on) })}</Text>}
          <Text size="xs" c="dimmed">{t('plans.tax_excluded')}</Text>
          {preview.review_required && (
            <Alert color="blue" variant="light">
              {t('plans.review_note')}
              {preview.review_deadline && <Text size="sm" mt={4} data-testid="review-deadline">{t('plans.review_deadline', { date: date(preview.review_deadline), from: date(preview.effective_from) })}</Text>}
            </Alert>
          )}
        </Stack>
      </Card>
      {preview.minimum_term_end && preview.billing_start && (
        <Card withBorder radius="md" padding="lg" data-testid="term-and-cancellation">
          <Stack gap={6}>
            <Text fw={600}>{t('plans.term_title')}</Text>
            <Text size="sm">{t('plans.term_text', { date: date(preview.minimum_term_end), monthly: money(preview.monthly_amount) })}</Text>
            {cancel && (
              <Text size="sm" fw={500} data-testid="cancel-today">
                {cancel.penalty_months > 0
                  ? t('plans.cancel_today', { date: date(cancel.ends_on), amount: money(cancel.penalty_amount), months: cancel.penalty_months, monthly: money(preview.monthly_amount) })
                  : t('plans.cancel_today_none', { date: date(cancel.ends_on) })}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {preview.next_invoice && <NextInvoice invoice={preview.next_invoice} first={preview.first_invoice} />}
      {preview.review_required && <PaymentOnFile />}
      <Card withBorder radius="md" padding="lg">
        <Stack gap={4}>
          <Text fw={600}>{t('route.plan_contract_info')}</Text>
          <Text size="sm">{t('plans.contract_kind')}: {checked.contract_kind === 'corporation' ? t('plans.kind_corporation') : t('plans.kind_personal')}</Text>
          <Text size="sm">{t('plans.corporate_name')}: {checked.corporate_name}</Text>
          {checked.corporate_number && <Text size="sm">{t('plans.corporate_number')}: {checked.corporate_number}</Text>}
          {checked.location && <Text size="sm">{t('plans.location')}: {checked.location}</Text>}
          <Text size="sm">{t('plans.representative')}: {checked.representative}</Text>
        </Stack>
      </Card>
      <Stack gap={6}>
        <PendingAgreementNotice />
        <Checkbox label={t('plans.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} />
        <Checkbox label={t('plans.agree_privacy')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} />
        {form.error('agreements') && <Text size="sm" c="red" role="alert">{form.error('agreements')}</Text>}
        {form.error('terms_agreed') && <Text size="sm" c="red" role="alert">{form.error('terms_agreed')}</Text>}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={() => void navigate(draft.payment_step === 'done' ? '/plan/paymentinfo' : '/plan/contractinfo')}>{t('plans.back')}</Button>
        <Button loading={apply.isPending} onClick={() => void submit()}>{t('plans.apply')}</Button>
      </Group>
    </Stack>
  );
}

/** Issue 22: who pays: the method on file (or the reseller), as the payment step left it. */
function PaymentOnFile() {
  const { t } = useTranslation();
  const state = useBillingPayment();
  const s = state.data;
  if (!s) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="payment-on-file">
      <Stack gap={4}>
        <Text fw={600}>{t('plans.payment_method_title')}</Text>
        <Text size="sm">
          {s.billed_by_reseller ? t('plans.billed_by_reseller')
            : s.payment_method ? `${t(`payment_method.method.${s.payment_method.method}`)}${s.payment_method.label ? ` ${s.payment_method.label}` : ''}`
              : t('payment_method.method.none')}
        </Text>
      </Stack>
    </Card>
  );
}
