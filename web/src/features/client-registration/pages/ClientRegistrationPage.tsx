import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { euQuestionApplies, formatPersonName, type TRegistration } from '@portal/proto';
import { EuQuestion } from '../../../components/EuQuestion';
import { FormAlert } from '../../../components/FormAlert';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { QueryState } from '../../../components/QueryState';
import { StepProgress } from '../../../components/StepProgress';
import { FormError } from '../../../lib/api';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useWizard } from '../../../lib/use-wizard';
import { useRegistrationCheck, useRegistrationConfirm, useRegistrations, useRegistrationSwitch } from '../api';

const STEPS = ['account', 'client', 'confirm'] as const;
const STEP_LABEL = { account: 'client_registration.step_account', client: 'client_registration.step_client', confirm: 'client_registration.step_confirm' } as const;
const STATUS_LABEL = { recorded: 'client_registration.status_recorded', created: 'client_registration.status_created' } as const satisfies Record<TRegistration['status'], string>;
const SOURCE_LABEL = { wizard: 'client_registration.source_wizard', embed: 'client_registration.source_embed' } as const satisfies Record<TRegistration['source'], string>;
const INITIAL: { family_name: string; given_name: string; email: string; company_name: string; phone: string; eu_subject?: boolean } = {
  family_name: '', given_name: '', email: '', company_name: '', phone: '',
};

/**
 * /partner/signup_form (spec §2, §4): the partner registers a client into its own scope — account
 * info → client info → confirm. Each step is checked by the server; confirm writes once (the
 * wizard's idempotency key). Below: the latest registrations, from this wizard and the embedded form.
 */
export default function ClientRegistrationPage() {
  const { t } = useTranslation();
  const wizard = useWizard('partner_client_registration', STEPS, INITIAL);
  const check = useRegistrationCheck();
  const confirm = useRegistrationConfirm();
  const form = useFormErrors();
  // Switched off by the operator: say so before anything is typed (the server refuses the steps too).
  const registrationOff = useRegistrationSwitch().data?.client_registration === false;
  const { data, update } = wizard;
  const e = form.error;
  // Issue 22: a partner outside Japan asks the EU data-protection question on the client step.
  const euAsked = euQuestionApplies(currentLocale().region);
  const euRefused = euAsked && data.eu_subject === true;

  async function next() {
    form.reset();
    try {
      if (wizard.step === 'account') await check.mutateAsync({ step: 'account', family_name: data.family_name, given_name: data.given_name, email: data.email });
      else await check.mutateAsync({ step: 'client', company_name: data.company_name, phone: data.phone, ...(euAsked ? { eu_subject: data.eu_subject } : {}) });
      wizard.next();
    } catch (error) {
      form.fromError(error);
    }
  }
  async function submit() {
    form.reset();
    try {
      const result = await confirm.mutateAsync({
        idempotency_key: wizard.idempotencyKey,
        account: { family_name: data.family_name, given_name: data.given_name, email: data.email },
        client: { company_name: data.company_name, phone: data.phone, ...(euAsked ? { eu_subject: data.eu_subject } : {}) },
      });
      toast(t('client_registration.done', { company: result.company_name }), 'success');
      wizard.finish();
    } catch (error) {
      form.fromError(error);
    }
  }
  const confirmErrors = wizard.step === 'confirm' && confirm.error instanceof FormError ? Object.values(confirm.error.errors).flat() : [];

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.partner_signup_form')}</Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>{t('client_registration.help')}</Text>
      </div>
      {registrationOff && <Alert color="yellow" variant="light" role="status">{t('client_registration.off')}</Alert>}
      {!registrationOff && <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <StepProgress labels={STEPS.map((s) => t(STEP_LABEL[s]))} index={wizard.index} label={t('client_registration.steps')} />
          <FormAlert message={[form.message, ...confirmErrors].filter(Boolean).join('\n')} />
          {wizard.step === 'account' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PersonNameFields value={data} onChange={update} error={(f) => e(f)} />
              <TextInput label={t('client_registration.email')} description={t('client_registration.email_hint')} required type="email"
                value={data.email} error={e('email')} onChange={(ev) => update({ email: ev.currentTarget.value })} />
            </SimpleGrid>
          )}
          {wizard.step === 'client' && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('client_registration.company_name')} required value={data.company_name} error={e('company_name')}
                onChange={(ev) => update({ company_name: ev.currentTarget.value })} />
              <TextInput label={t('client_registration.phone')} required type="tel" value={data.phone} error={e('phone')}
                onChange={(ev) => update({ phone: ev.currentTarget.value })} />
            </SimpleGrid>
          )}
          {wizard.step === 'client' && euAsked && (
            <EuQuestion value={data.eu_subject} onChange={(v) => update({ eu_subject: v })} error={e('eu_subject') ?? e('client.eu_subject')} />
          )}
          {wizard.step === 'confirm' && (
            <Stack gap={6} component="dl" m={0}>
              {([
                [t('client_registration.owner'), formatPersonName(currentLocale().region, data)], [t('client_registration.email'), data.email],
                [t('client_registration.company_name'), data.company_name], [t('client_registration.phone'), data.phone],
              ] as const).map(([label, value]) => (
                <div key={label} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
                  <Text component="dt" size="sm" c="dimmed" miw={160}>{label}</Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
                </div>
              ))}
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="default" disabled={wizard.isFirst} onClick={wizard.back}>{t('client_registration.back')}</Button>
            <Group gap="sm">
              <Button variant="subtle" color="gray" onClick={wizard.finish}>{t('client_registration.cancel')}</Button>
              {wizard.isLast
                ? <Button loading={confirm.isPending} onClick={() => void submit()}>{t('client_registration.confirm')}</Button>
                : <Button loading={check.isPending} disabled={wizard.step === 'client' && euRefused} onClick={() => void next()}>{t('client_registration.next')}</Button>}
            </Group>
          </Group>
        </Stack>
      </Card>}
      <RecentRegistrations />
    </Stack>
  );
}

function RecentRegistrations() {
  const { t } = useTranslation();
  const format = useDateTime();
  const list = useRegistrations();
  return (
    <Stack gap="sm">
      <Title order={3}>{t('client_registration.recent')}</Title>
      <QueryState query={list} isEmpty={(d) => d.registrations.length === 0} empty={t('client_registration.recent_empty')}>
        {(d) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {d.registrations.map((r: TRegistration) => (
              <Card key={r.uuid} withBorder radius="md" padding="sm" data-testid="registration-card">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{r.company_name}</Text>
                  <Badge variant="light" color={r.status === 'created' ? 'green' : 'yellow'}>{t(STATUS_LABEL[r.status])}</Badge>
                </Group>
                <Text size="sm">{formatPersonName(currentLocale().region, r)}</Text>
                <Text size="sm" c="dimmed">{t(SOURCE_LABEL[r.source])} · {format.dateTime(r.created_at)}</Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
