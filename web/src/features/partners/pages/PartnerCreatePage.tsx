import { Button, Card, Group, Radio, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { GRANTABLE_CONTRACTS, PARTNER_PAYMENT_METHODS, formatPersonName, type TGrantableContracts } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { WizardSteps } from '../../../components/WizardSteps';
import { useFormErrors } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useWizard } from '../../../lib/use-wizard';
import { useWizardCall } from '../../../lib/use-wizard-call';
import { useCheckBilling, useCheckLicence, useCheckPartnerInfo, useCheckRegistration, useCreatePartner } from '../api';
import { GRANTABLE_LABEL, PAYMENT_LABEL } from '../components/labels';
import { FormOriginsField, originsOf } from '../components/FormOriginsField';
import { EMPTY_PARTNER_INFO, PartnerInfoFields } from '../components/PartnerInfoFields';

const STEPS = ['licence', 'partner', 'billing', 'registration', 'confirm'] as const;
type TPaymentMethod = (typeof PARTNER_PAYMENT_METHODS)[number];
const INITIAL = {
  grantable_contracts: 'both' as TGrantableContracts,
  // Issue 25 item 7: a new partner is an ordinary (non-primary) one unless the operator says so.
  is_primary: false,
  ...EMPTY_PARTNER_INFO,
  billing_name: '', billing_email: '', billing_phone: '', billing_address: '', payment_method: 'bank_transfer' as TPaymentMethod,
  client_registration: true,
  origins_text: '',
};
type TData = typeof INITIAL;

/**
 * The operator's partner wizard (spec §2, §4): licence info → partner info → billing/payment info
 * → client registration → confirm. What was entered stays across a reload (useWizard); each step
 * is validated by the server with the confirm's own schema and nothing is written until confirm,
 * which carries the wizard's idempotency key (a double click creates one partner).
 */
export default function PartnerCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wizard = useWizard('partner_create', STEPS, INITIAL);
  const form = useFormErrors();
  const checks = { licence: useCheckLicence(), partner: useCheckPartnerInfo(), billing: useCheckBilling(), registration: useCheckRegistration() };
  const create = useCreatePartner();
  const { busy, call } = useWizardCall(form);
  // The payment methods stack at phone width.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const d = wizard.data;
  const update = (patch: Partial<TData>) => wizard.update(patch);
  const error = (field: string) => form.error(field);

  const payload = {
    licence: { grantable_contracts: d.grantable_contracts, is_primary: d.is_primary },
    partner: { company_name: d.company_name, representative: d.representative, phone: d.phone, address: d.address, email: d.email, family_name: d.family_name, given_name: d.given_name },
    billing: { billing_name: d.billing_name, billing_email: d.billing_email, billing_phone: d.billing_phone, billing_address: d.billing_address, payment_method: d.payment_method },
    registration: { client_registration: d.client_registration, form_origins: originsOf(d.origins_text) },
  };

  function next() {
    const step = wizard.step;
    void call(async () => {
      if (step === 'licence') await checks.licence.mutateAsync(payload.licence);
      else if (step === 'partner') await checks.partner.mutateAsync(payload.partner);
      else if (step === 'billing') await checks.billing.mutateAsync(payload.billing);
      else if (step === 'registration') await checks.registration.mutateAsync(payload.registration);
    }).then((ok) => ok && wizard.next());
  }

  function confirm() {
    void call(async () => {
      const created = await create.mutateAsync({
        ...payload.licence, ...payload.partner, ...payload.billing, ...payload.registration, idempotency_key: wizard.idempotencyKey,
      });
      wizard.finish();
      toast(t('partners.created', { company: created.company_name }), 'success');
      void navigate(`/operator/partners/${created.uuid}`);
    }, (e) => {
      // A refusal names its field: go back to the step that holds it.
      if (form.fromError(e)) {
        const fields = Object.keys((e as { errors?: Record<string, unknown> }).errors ?? {});
        const owner = (['licence', 'partner', 'billing', 'registration'] as const).find((s) => fields.some((f) => f in payload[s] || (s === 'registration' && f.startsWith('form_origins'))));
        if (owner) wizard.goTo(owner);
      }
    });
  }

  function cancel() {
    wizard.finish();
    void navigate('/operator/partners');
  }

  const row = (label: string, value: string) => (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </Group>
  );
  const origins = originsOf(d.origins_text);

  return (
    <Stack gap="md" maw={880}>
      <Title order={2}>{t('route.operator_partner_create')}</Title>
      <WizardSteps labels={STEPS.map((s) => t(`partners.step_${s}`))} index={wizard.index} onStep={(i) => wizard.goTo(STEPS[i]!)} />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <FormAlert message={form.message} />
          {wizard.step === 'licence' && (
            <>
              <Radio.Group label={t('partners.grantable_contracts')} description={t('partners.grantable_help')} value={d.grantable_contracts}
                onChange={(v) => update({ grantable_contracts: v as TGrantableContracts })} error={error('grantable_contracts')}>
                <Group mt="xs">{GRANTABLE_CONTRACTS.map((g) => <Radio key={g} value={g} label={t(GRANTABLE_LABEL[g])} />)}</Group>
              </Radio.Group>
              <Switch checked={d.is_primary} onChange={(e) => update({ is_primary: e.currentTarget.checked })}
                label={t('partners.is_primary')} description={t('partners.is_primary_help')} />
            </>
          )}
          {wizard.step === 'partner' && <PartnerInfoFields value={d} onChange={update} error={error} />}
          {wizard.step === 'billing' && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('partners.billing_name')} required value={d.billing_name} error={error('billing_name')} maxLength={100} onChange={(e) => update({ billing_name: e.currentTarget.value })} />
                <TextInput label={t('partners.billing_email')} required type="email" value={d.billing_email} error={error('billing_email')} maxLength={254} onChange={(e) => update({ billing_email: e.currentTarget.value })} />
                <TextInput label={t('partners.billing_phone')} required value={d.billing_phone} error={error('billing_phone')} maxLength={20} inputMode="tel" onChange={(e) => update({ billing_phone: e.currentTarget.value })} />
                <TextInput label={t('partners.billing_address')} required value={d.billing_address} error={error('billing_address')} maxLength={200} onChange={(e) => update({ billing_address: e.currentTarget.value })} />
              </SimpleGrid>
              <Stack gap={4}>
                <Text size="sm" fw={500}>{t('partners.payment_method')}</Text>
                <SegmentedControl value={d.payment_method} orientation={phone ? 'vertical' : 'horizontal'} onChange={(v) => update({ payment_method: v as TPaymentMethod })}
                  data={PARTNER_PAYMENT_METHODS.map((m) => ({ value: m, label: t(PAYMENT_LABEL[m]) }))} />
                {error('payment_method') && <Text size="xs" c="red">{error('payment_method')}</Text>}
              </Stack>
            </>
          )}
          {wizard.step === 'registration' && (
            <>
              <Switch checked={d.client_registration} onChange={(e) => update({ client_registration: e.currentTarget.checked })}
                label={t('partners.client_registration')} description={t('partners.client_registration_help')} />
              <FormOriginsField value={d.origins_text} onChange={(text) => update({ origins_text: text })} errors={form.errors} />
            </>
          )}
          {wizard.step === 'confirm' && (
            <Stack gap="xs" aria-label={t('partners.step_confirm')}>
              {row(t('partners.grantable_contracts'), t(GRANTABLE_LABEL[d.grantable_contracts]))}
              {row(t('partners.is_primary'), d.is_primary ? t('partners.yes') : t('partners.no'))}
              {row(t('partners.company_name'), d.company_name)}
              {row(t('partners.representative'), d.representative)}
              {row(t('partners.phone'), d.phone)}
              {row(t('partners.address'), d.address)}
              {row(t('partners.owner'), `${formatPersonName(currentLocale().region, d)} <${d.email}>`)}
              {row(t('partners.billing_name'), d.billing_name)}
              {row(t('partners.billing_email'), d.billing_email)}
              {row(t('partners.billing_phone'), d.billing_phone)}
              {row(t('partners.billing_address'), d.billing_address)}
              {row(t('partners.payment_method'), t(PAYMENT_LABEL[d.payment_method]))}
              {row(t('partners.client_registration'), d.client_registration ? t('partners.yes') : t('partners.no'))}
              {row(t('partners.form_origins'), origins.join('\n'))}
              <Text size="sm" c="dimmed">{t('partners.confirm_help')}</Text>
            </Stack>
          )}
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={cancel}>{t('partners.cancel')}</Button>
            <Group gap="xs">
              {!wizard.isFirst && <Button variant="default" onClick={() => { form.reset(); wizard.back(); }} disabled={busy}>{t('partners.back')}</Button>}
              {wizard.isLast
                ? <Button onClick={confirm} loading={busy}>{t('partners.create')}</Button>
                : <Button onClick={next} loading={busy}>{t('partners.next')}</Button>}
            </Group>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
