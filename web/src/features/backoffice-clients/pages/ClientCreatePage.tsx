import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CONTRACT_TYPES, CREATE_LICENCE_TYPES, LANGUAGES, LANGUAGE_NAMES, PRODUCT_IDS, REGIONS, REGION_COUNTRY, euQuestionApplies, productName,
  type TClientCreate, type TLanguage, type TRegion,
} from '@portal/proto';
import { EuQuestion } from '../../../components/EuQuestion';
import { FormAlert } from '../../../components/FormAlert';
import { WizardSteps } from '../../../components/WizardSteps';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useWizard } from '../../../lib/use-wizard';
import { useWizardCall } from '../../../lib/use-wizard-call';
import { useCheckClient, useCheckLicence, useCheckProducts, useCreateClient, usePartnerOptions } from '../api';
import { contractTypeLabel } from '../../../lib/contract-labels';

const STEPS = ['licence', 'client', 'products', 'confirm'] as const;
type Data = { licence: TClientCreate['licence']; client: TClientCreate['client']; products: string[] };
const INITIAL: Data = {
  licence: { region: 'jpn', contract_type: 'none', partner_uuid: null, licence_type: 'normal' },
  client: { company_name: '', phone: '', address: '', family_name: '', given_name: '', email: '', language: 'ja-jp' },
  products: [],
};

/**
 * Issue 14, slice A: /operator_clientcreate_account, licence info → client info → product link →
 * confirm (spec §4). Each step is checked by the server with the same schema (nothing written);
 * what was entered survives a reload (useWizard); confirm sends the wizard's idempotency key, so a
 * double click creates one client. The owner is invited by mail.
 */
export default function ClientCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const wizard = useWizard('client_create', STEPS, INITIAL);
  const form = useFormErrors();
  const partners = usePartnerOptions();
  const checkLicence = useCheckLicence();
  const checkClient = useCheckClient();
  const checkProducts = useCheckProducts();
  const create = useCreateClient();
  const { busy, call } = useWizardCall(form);
  const { licence, client, products } = wizard.data;
  const countries = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const regionName = (r: TRegion) => { const c = REGION_COUNTRY[r]; return c ? countries.of(c) ?? c : t('clients.region_other'); };
  const setLicence = (patch: Partial<Data['licence']>) => wizard.update({ licence: { ...licence, ...patch } });
  const setClient = (patch: Partial<Data['client']>) => wizard.update({ client: { ...client, ...patch } });

  async function step(run: () => Promise<unknown>) {
    if (await call(run)) wizard.next();
  }

  function confirm() {
    void call(async () => {
      const created = await create.mutateAsync({ licence, client, products: { products: products as TClientCreate['products']['products'] }, idempotency_key: wizard.idempotencyKey });
      toast(t('bo_clients.created', { company: client.company_name, email: created.owner_email }), 'success');
      wizard.finish();
      void navigate(`/operator/clients/${created.region}/${created.uuid}`);
    });
  }

  const partnerName = partners.data?.partners.find((p) => p.uuid === licence.partner_uuid)?.name ?? '';
  const nav = (onNext: () => void, label = t('bo_clients.next'), blocked = false) => (
    <Group justify="space-between" mt="md">
      {wizard.isFirst ? <Button variant="default" component={Link} to="/operator/clients">{t('common.cancel')}</Button> : <Button variant="default" onClick={wizard.back}>{t('bo_clients.back_step')}</Button>}
      <Button loading={busy} disabled={blocked} onClick={onNext}>{label}</Button>
    </Group>
  );

  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t('route.operator_client_create')}</Title>
      <WizardSteps labels={STEPS.map((s) => t(`bo_clients.step_${s}`))} index={wizard.index} onStep={(i) => wizard.goTo(STEPS[i]!)} />
      <FormAlert message={[form.message, ...(wizard.step === 'confirm' ? Object.values(form.errors).flat() : [])].filter(Boolean).join(' ')} />
      <Card withBorder>
        {wizard.step === 'licence' && (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label={t('clients.region')} value={licence.region} allowDeselect={false} error={form.error('region')}
                data={REGIONS.map((r) => ({ value: r, label: regionName(r) }))} onChange={(v) => v && setLicence({ region: v as TRegion, eu_subject: undefined })} />
              <Select label={t('clients.licence_type')} value={licence.licence_type} allowDeselect={false} error={form.error('licence_type')}
                data={CREATE_LICENCE_TYPES.map((v) => ({ value: v, label: t(`clients.licence_${v}`) }))} onChange={(v) => v && setLicence({ licence_type: v as Data['licence']['licence_type'] })} />
              <Select label={t('clients.contract_type')} value={licence.contract_type} allowDeselect={false} error={form.error('contract_type')}
                data={CONTRACT_TYPES.map((v) => ({ value: v, label: contractTypeLabel(v) }))}
                onChange={(v) => v && setLicence({ contract_type: v as Data['licence']['contract_type'], ...(v === 'none' ? { partner_uuid: null } : {}) })} />
              <Select label={t('bo_clients.partner')} value={licence.partner_uuid} clearable disabled={licence.contract_type === 'none'} error={form.error('partner_uuid')}
                data={(partners.data?.partners ?? []).map((p) => ({ value: p.uuid, label: p.name }))} onChange={(v) => setLicence({ partner_uuid: v })} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">{t('bo_clients.in_house_help')}</Text>
            {/* Issue 22: a client outside Japan answers the EU data-protection question (yes: not created). */}
            {euQuestionApplies(licence.region) && (
              <EuQuestion value={licence.eu_subject} onChange={(v) => setLicence({ eu_subject: v })} error={form.error('eu_subject')} />
            )}
            {nav(() => void step(() => checkLicence.mutateAsync(licence)), undefined, euQuestionApplies(licence.region) && licence.eu_subject === true)}
          </Stack>
        )}
        {wizard.step === 'client' && (
          <Stack>
            <TextInput required label={t('bo_clients.company_name')} value={client.company_name} error={form.error('company_name')} onChange={(e) => setClient({ company_name: e.currentTarget.value })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput required label={t('bo_clients.phone')} value={client.phone} error={form.error('phone')} onChange={(e) => setClient({ phone: e.currentTarget.value })} />
              <TextInput label={t('bo_clients.address')} value={client.address} error={form.error('address')} onChange={(e) => setClient({ address: e.currentTarget.value })} />
              <TextInput required label={t('bo_clients.family_name')} value={client.family_name} error={form.error('family_name')} onChange={(e) => setClient({ family_name: e.currentTarget.value })} />
              <TextInput required label={t('bo_clients.given_name')} value={client.given_name} error={form.error('given_name')} onChange={(e) => setClient({ given_name: e.currentTarget.value })} />
              <TextInput required type="email" label={t('bo_clients.owner_email')} value={client.email} error={form.error('email')} onChange={(e) => setClient({ email: e.currentTarget.value })} />
              <Select label={t('bo_clients.language')} value={client.language} allowDeselect={false} data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                onChange={(v) => v && setClient({ language: v as TLanguage })} />
            </SimpleGrid>
            {nav(() => void step(() => checkClient.mutateAsync({ ...client, region: licence.region })))}
          </Stack>
        )}
        {wizard.step === 'products' && (
          <Stack>
            <Text size="sm">{t('bo_clients.products_help')}</Text>
            <Checkbox.Group value={products} onChange={(v) => wizard.update({ products: v })} error={form.error('products') ?? (Object.entries(form.errors).filter(([k]) => k.startsWith('products.')).flatMap(([, v]) => v).join(' ') || undefined)}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
                {PRODUCT_IDS.map((p) => <Checkbox key={p} value={p} label={productName(p)} />)}
              </SimpleGrid>
            </Checkbox.Group>
            {nav(() => void step(() => checkProducts.mutateAsync({ region: licence.region, products: products as TClientCreate['products']['products'] })))}
          </Stack>
        )}
        {wizard.step === 'confirm' && (
          <Stack gap="xs">
            <Text size="sm"><b>{t('clients.region')}:</b> {regionName(licence.region)}</Text>
            <Text size="sm"><b>{t('clients.licence_type')}:</b> {t(`clients.licence_${licence.licence_type}`)}</Text>
            <Text size="sm"><b>{t('clients.contract_type')}:</b> {contractTypeLabel(licence.contract_type)}{partnerName ? ` (${partnerName})` : ''}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}><b>{t('bo_clients.company_name')}:</b> {client.company_name}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}><b>{t('bo_clients.owner_email')}:</b> {client.email}</Text>
            <Text size="sm"><b>{t('bo_clients.products')}:</b> {products.map(productName).join(', ') || '—'}</Text>
            <Alert variant="light" mt="sm">{t('bo_clients.invite_note')}</Alert>
            {nav(confirm, t('bo_clients.create_confirm'))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
