import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPaymentRequestInput, type TRequestedMethod } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { flowReturn } from '../../../lib/flow-return';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { useSession } from '../../../lib/use-session';
import { useCheckPaymentRequest, useFilePaymentRequest, usePaymentRequest } from '../api';
import { BankRequestFields, EMPTY_BANK_REQUEST, type BankRequestValues } from '../../../components/bank-request/BankRequestFields';
import { RequestSummary } from '../../../components/bank-request/RequestSummary';

const STEPS = ['input', 'confirm', 'complete'] as const;
type TStep = (typeof STEPS)[number];
const STEP_LABEL: Record<TStep, string> = { input: 'payment_request.step_input', confirm: 'payment_request.step_confirm', complete: 'payment_request.step_complete' };
const ROUTE_NAME: Record<TRequestedMethod, string> = { bank_transfer: 'route.paymentmethod_banktransfer', direct_debit: 'route.paymentmethod_directdebit' };
const HELP: Record<TRequestedMethod, string> = { bank_transfer: 'payment_request.help_bank_transfer', direct_debit: 'payment_request.help_direct_debit' };

/**
 * /paymentmethod_banktransfer and /paymentmethod_directdebit: the request in three steps (spec §4:
 * input → confirm → complete). The confirm step asks the server to check the input (nothing is
 * written); complete files it, and the provider confirms it by hand over a few days. Japan only.
 */
export default function PaymentRequestPage({ method }: { method: TRequestedMethod }) {
  const { t } = useTranslation();
  const current = usePaymentRequest();
  const [step, setStep] = useState<TStep>('input');
  const [values, setValues] = useState<BankRequestValues>(EMPTY_BANK_REQUEST);
  // The company, the person and the email start as the session's (once the server has said them);
  // whatever was typed meanwhile stays.
  const session = useSession();
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (prefilled || session.source !== 'server') return;
    setPrefilled(true);
    setValues((v) => ({ ...v, company_name: v.company_name || session.companyName, person_name: v.person_name || session.userName, email: v.email || session.email }));
  }, [prefilled, session.source, session.companyName, session.userName, session.email]);
  const check = useCheckPaymentRequest();
  const file = useFilePaymentRequest();
  const form = useFormErrors();
  const input = { ...values, method };
  const inJapan = currentLocale().region === 'jpn';
  const back = flowReturn();

  async function toConfirm() {
    form.reset();
    const local = validate(ZPaymentRequestInput, input);
    if (!local.ok) return form.setErrors(local.errors);
    try {
      await check.mutateAsync(input);
      setStep('confirm');
      window.scrollTo({ top: 0 });
    } catch (error) {
      form.fromError(error);
    }
  }

  async function send() {
    form.reset();
    try {
      await file.mutateAsync(input);
      setStep('complete');
    } catch (error) {
      // A refusal names fields of the input: back to it, with the errors under them.
      form.fromError(error);
      setStep('input');
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t(ROUTE_NAME[method])}</Title>
      <Stepper active={STEPS.indexOf(step)} size="xs" allowNextStepsSelect={false} aria-label={t('payment_request.steps')}>
        {STEPS.map((s) => <Stepper.Step key={s} label={t(STEP_LABEL[s])} />)}
      </Stepper>
      {!inJapan ? (
        <Alert color="orange" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('payment_request.japan_only')}</Text>
            <Button component={Link} to="/paymentmethod_creditcard" variant="light" size="xs">{t('route.paymentmethod_creditcard')}</Button>
          </Stack>
        </Alert>
      ) : step === 'complete' ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm" align="flex-start">
            <Title order={3} size="h4">{t('payment_request.complete_title')}</Title>
            <Text size="sm">{t('payment_request.complete_text')}</Text>
            <Group gap="sm">
              {/* Issue 22: sent here from the plan application's payment step: the way back to it. */}
              {back && <Button component={Link} to={back.path}>{t(back.label)}</Button>}
              <Button component={Link} to="/paymentmethod_confirming" variant={back ? 'default' : 'filled'}>{t('payment_request.to_status')}</Button>
            </Group>
          </Stack>
        </Card>
      ) : (
        <QueryState query={current}>
          {(data) => data.request?.status === 'pending' && step === 'input' ? (
            <Alert color="blue" variant="light">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('payment_request.already_pending')}</Text>
                <Button component={Link} to="/paymentmethod_confirming" variant="light" size="xs">{t('payment_request.to_status')}</Button>
              </Stack>
            </Alert>
          ) : step === 'confirm' ? (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Text size="sm">{t('payment_request.confirm_help')}</Text>
                <RequestSummary request={input} />
                <FormAlert message={form.message} />
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep('input')} disabled={file.isPending}>{t('payment_request.back')}</Button>
                  <Button onClick={() => void send()} loading={file.isPending}>{t('payment_request.send')}</Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <Card withBorder radius="md" padding="lg">
              <form onSubmit={(e) => { e.preventDefault(); void toConfirm(); }} noValidate>
                <Stack gap="sm">
                  <Text size="sm" c="dimmed">{t(HELP[method])}</Text>
                  <FormAlert message={form.message} />
                  <BankRequestFields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} error={form.error} />
                  <Group justify="flex-end">
                    <Button type="submit" loading={check.isPending}>{t('payment_request.next')}</Button>
                  </Group>
                </Stack>
              </form>
            </Card>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
