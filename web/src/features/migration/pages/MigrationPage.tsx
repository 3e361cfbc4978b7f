import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  MIGRATION_CONTRACT_TYPES, MIGRATION_LICENCE_TYPES, PRODUCT_IDS, formatPersonName, productName, type TMigration, type TProductId,
} from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { PersonNameFields } from '../../../components/PersonNameFields';
import { QueryState } from '../../../components/QueryState';
import { StepProgress } from '../../../components/StepProgress';
import { FormError } from '../../../lib/api';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useWizard, type Wizard } from '../../../lib/use-wizard';
import { useMigrationCheck, useMigrationClients, useMigrationConfirm, useMigrations, usePartnerOptions } from '../api';

interface ProductRow { product: TProductId | ''; external_id: string }
interface NewData {
  licence_type: (typeof MIGRATION_LICENCE_TYPES)[number]; contract_type: (typeof MIGRATION_CONTRACT_TYPES)[number]; partner_uuid: string | null; partner_name: string;
  company_name: string; phone: string; family_name: string; given_name: string; email: string;
  billing_person: string; billing_email: string; billing_address: string;
  products: ProductRow[];
}
interface ExistingData { client_uuid: string; client_name: string; email: string; products: ProductRow[] }

const NEW_STEPS = ['licence', 'client', 'billing', 'products', 'confirm'] as const;
const EXISTING_STEPS = ['account', 'products', 'confirm'] as const;
const NEW_INITIAL: NewData = {
  licence_type: 'normal', contract_type: 'none', partner_uuid: null, partner_name: '', company_name: '', phone: '', family_name: '', given_name: '', email: '',
  billing_person: '', billing_email: '', billing_address: '', products: [{ product: '', external_id: '' }],
};
/** Texts of the steps and values, as whole keys (the catalogue test sees them used). */
const STEP_LABEL = {
  licence: 'migration.step_licence', client: 'migration.step_client', billing: 'migration.step_billing', products: 'migration.step_products',
  confirm: 'migration.step_confirm', account: 'migration.step_account',
} as const;
const LICENCE_LABEL = {
  normal: 'migration.licence_type_normal', test: 'migration.licence_type_test', demo: 'migration.licence_type_demo', special: 'migration.licence_type_special',
} as const satisfies Record<NewData['licence_type'], string>;
const CONTRACT_LABEL = {
  none: 'migration.contract_type_none', referral: 'migration.contract_type_referral', reseller: 'migration.contract_type_reseller',
} as const satisfies Record<NewData['contract_type'], string>;
const STATUS_LABEL = { recorded: 'migration.status_recorded', created: 'migration.status_created' } as const satisfies Record<TMigration['status'], string>;
const VARIANT_LABEL = { new: 'migration.variant_new', existing: 'migration.variant_existing' } as const satisfies Record<TMigration['variant'], string>;
const EXISTING_INITIAL: ExistingData = { client_uuid: '', client_name: '', email: '', products: [{ product: '', external_id: '' }] };

/**
 * /operator/migration (spec §2, §4): migrating an existing client. A new portal client runs
 * licence info → client info → billing info → product link → confirm; a client already in the
 * portal runs account info → product link → confirm. Each step is checked by the server before the
 * next (product link: each product's connection check must succeed); only confirm writes, once.
 */
export default function MigrationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const variant = params.get('variant') === 'existing' ? 'existing' : 'new';
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_migration')}</Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>{t('migration.help')}</Text>
      </div>
      <SegmentedControl value={variant} onChange={(v) => setParams(v === 'existing' ? { variant: v } : {}, { replace: true })} fullWidth maw={520}
        data={[{ value: 'new', label: t(VARIANT_LABEL.new) }, { value: 'existing', label: t(VARIANT_LABEL.existing) }]} />
      <Card withBorder radius="md" padding="lg">
        {variant === 'new' ? <NewMigration /> : <ExistingMigration />}
      </Card>
      <RecentMigrations />
    </Stack>
  );
}

/** Sends one step to …/check; on success goes on, else shows the field errors (what was entered stays). */
function useStepCheck() {
  const check = useMigrationCheck();
  const form = useFormErrors();
  return {
    form, pending: check.isPending,
    async run(body: Parameters<typeof check.mutateAsync>[0], onOk: () => void) {
      form.reset();
      try {
        await check.mutateAsync(body);
        onOk();
      } catch (error) {
        form.fromError(error);
      }
    },
  };
}

const linksOf = (rows: ProductRow[]) => rows.map((r) => ({ product: r.product, external_id: r.external_id.trim() }));

function NewMigration() {
  const { t } = useTranslation();
  const wizard = useWizard('operator_migration_new', NEW_STEPS, NEW_INITIAL);
  const step = useStepCheck();
  const { data, update } = wizard;
  const labels = NEW_STEPS.map((s) => t(STEP_LABEL[s]));
  const e = step.form.error;
  const partners = usePartnerOptions(data.contract_type !== 'none');
  const licence = { licence_type: data.licence_type, contract_type: data.contract_type, partner_uuid: data.contract_type === 'none' ? null : data.partner_uuid };

  return (
    <Stack gap="md">
      <StepProgress labels={labels} index={wizard.index} label={t('migration.steps')} />
      <FormAlert message={step.form.message} />
      {wizard.step === 'licence' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('migration.licence_type')} required allowDeselect={false} value={data.licence_type} error={e('licence_type')}
            data={MIGRATION_LICENCE_TYPES.map((v) => ({ value: v, label: t(LICENCE_LABEL[v]) }))}
            onChange={(v) => v && update({ licence_type: v as NewData['licence_type'] })} />
          <Select label={t('migration.contract_type')} required allowDeselect={false} value={data.contract_type} error={e('contract_type')}
            data={MIGRATION_CONTRACT_TYPES.map((v) => ({ value: v, label: t(CONTRACT_LABEL[v]) }))}
            onChange={(v) => v && update({ contract_type: v as NewData['contract_type'] })} />
          {data.contract_type !== 'none' && (
            <Select label={t('migration.partner')} required searchable value={data.partner_uuid} error={e('partner_uuid')}
              data={(partners.data?.partners ?? []).map((p) => ({ value: p.uuid, label: p.name }))} nothingFoundMessage={t('migration.partner_none')}
              onChange={(v, option) => update({ partner_uuid: v, partner_name: option?.label ?? '' })} />
          )}
        </SimpleGrid>
      )}
      {wizard.step === 'client' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('migration.company_name')} required value={data.company_name} error={e('company_name')} onChange={(ev) => update({ company_name: ev.currentTarget.value })} />
          <TextInput label={t('migration.phone')} required type="tel" value={data.phone} error={e('phone')} onChange={(ev) => update({ phone: ev.currentTarget.value })} />
          <PersonNameFields value={data} onChange={update} error={(f) => e(f)} />
          <TextInput label={t('migration.owner_email')} description={t('migration.owner_email_hint')} required type="email" value={data.email} error={e('email')}
            onChange={(ev) => update({ email: ev.currentTarget.value })} />
        </SimpleGrid>
      )}
      {wizard.step === 'billing' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('migration.billing_person')} required value={data.billing_person} error={e('billing_person')} onChange={(ev) => update({ billing_person: ev.currentTarget.value })} />
          <TextInput label={t('migration.billing_email')} required type="email" value={data.billing_email} error={e('billing_email')} onChange={(ev) => update({ billing_email: ev.currentTarget.value })} />
          <TextInput label={t('migration.billing_address')} required value={data.billing_address} error={e('billing_address')} onChange={(ev) => update({ billing_address: ev.currentTarget.value })} />
        </SimpleGrid>
      )}
      {wizard.step === 'products' && <ProductLinks rows={data.products} onChange={(products) => update({ products })} error={e} />}
      {wizard.step === 'confirm' && (
        <Summary rows={[
          [t('migration.licence_type'), t(LICENCE_LABEL[data.licence_type])],
          [t('migration.contract_type'), t(CONTRACT_LABEL[data.contract_type])],
          ...(licence.partner_uuid ? [[t('migration.partner'), data.partner_name] as [string, string]] : []),
          [t('migration.company_name'), data.company_name], [t('migration.phone'), data.phone],
          [t('migration.owner'), formatPersonName(currentLocale().region, data)], [t('migration.owner_email'), data.email],
          [t('migration.billing_person'), data.billing_person], [t('migration.billing_email'), data.billing_email], [t('migration.billing_address'), data.billing_address],
          [t('migration.step_products'), data.products.map((p) => `${p.product ? productName(p.product) : ''} (${p.external_id})`).join(', ')],
        ]} />
      )}
      <WizardButtons wizard={wizard} pending={step.pending} onNext={() => {
        const go = () => wizard.next();
        switch (wizard.step) {
          case 'licence': return step.run({ step: 'licence', ...licence }, go);
          case 'client': return step.run({ step: 'client', company_name: data.company_name, phone: data.phone, family_name: data.family_name, given_name: data.given_name, email: data.email }, go);
          case 'billing': return step.run({ step: 'billing', billing_person: data.billing_person, billing_email: data.billing_email, billing_address: data.billing_address }, go);
          case 'products': return step.run({ step: 'products', products: linksOf(data.products) as never }, go);
          default: return undefined;
        }
      }} confirm={{
        body: {
          variant: 'new', idempotency_key: wizard.idempotencyKey,
          licence,
          client: { company_name: data.company_name, phone: data.phone, family_name: data.family_name, given_name: data.given_name, email: data.email },
          billing: { billing_person: data.billing_person, billing_email: data.billing_email, billing_address: data.billing_address },
          products: { products: linksOf(data.products) as never },
        },
      }} />
    </Stack>
  );
}

function ExistingMigration() {
  const { t } = useTranslation();
  const wizard = useWizard('operator_migration_existing', EXISTING_STEPS, EXISTING_INITIAL);
  const step = useStepCheck();
  const [search, setSearch] = useState(wizard.data.client_name);
  const clients = useMigrationClients(search.trim());
  const { data, update } = wizard;
  const e = step.form.error;
  const options = (clients.data?.clients ?? []).map((c) => ({ value: c.uuid, label: c.company_name }));
  if (data.client_uuid && !options.some((o) => o.value === data.client_uuid)) options.unshift({ value: data.client_uuid, label: data.client_name });

  return (
    <Stack gap="md">
      <StepProgress labels={EXISTING_STEPS.map((s) => t(STEP_LABEL[s]))} index={wizard.index} label={t('migration.steps')} />
      <FormAlert message={step.form.message} />
      {wizard.step === 'account' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('migration.client')} placeholder={t('migration.client_search')} required searchable clearable
            data={options} value={data.client_uuid || null} searchValue={search} onSearchChange={setSearch} error={e('client_uuid')}
            nothingFoundMessage={t('migration.client_none')}
            onChange={(v, option) => update({ client_uuid: v ?? '', client_name: option?.label ?? '' })} />
          <TextInput label={t('migration.owner_email')} description={t('migration.owner_email_existing_hint')} required type="email" value={data.email} error={e('email')}
            onChange={(ev) => update({ email: ev.currentTarget.value })} />
        </SimpleGrid>
      )}
      {wizard.step === 'products' && <ProductLinks rows={data.products} onChange={(products) => update({ products })} error={e} />}
      {wizard.step === 'confirm' && (
        <Summary rows={[
          [t('migration.client'), data.client_name], [t('migration.owner_email'), data.email],
          [t('migration.step_products'), data.products.map((p) => `${p.product ? productName(p.product) : ''} (${p.external_id})`).join(', ')],
        ]} />
      )}
      <WizardButtons wizard={wizard} pending={step.pending} onNext={() => {
        const go = () => wizard.next();
        if (wizard.step === 'account') return step.run({ step: 'account', client_uuid: data.client_uuid, email: data.email }, go);
        if (wizard.step === 'products') return step.run({ step: 'products', products: linksOf(data.products) as never }, go);
        return undefined;
      }} confirm={{
        body: {
          variant: 'existing', idempotency_key: wizard.idempotencyKey, account: { client_uuid: data.client_uuid, email: data.email },
          products: { products: linksOf(data.products) as never },
        },
      }} />
    </Stack>
  );
}

/** Product link rows: a product by its name and the client's account id in it. */
function ProductLinks({ rows, onChange, error }: { rows: ProductRow[]; onChange: (rows: ProductRow[]) => void; error: (field: string) => string | undefined }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<ProductRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const taken = new Set(rows.map((r) => r.product));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{t('migration.products_help')}</Text>
      {error('products') && <Text size="sm" c="red" role="alert">{error('products')}</Text>}
      {rows.map((row, i) => (
        <Group key={i} align="flex-start" gap="sm" wrap="wrap" data-testid={`product-row-${i}`}>
          <Select label={t('migration.product')} required allowDeselect={false} style={{ flex: '1 1 12rem' }} value={row.product || null}
            error={error(`products.${i}.product`)}
            data={PRODUCT_IDS.map((p) => ({ value: p, label: productName(p), disabled: taken.has(p) && p !== row.product }))}
            onChange={(v) => set(i, { product: (v ?? '') as TProductId | '' })} />
          <TextInput label={t('migration.external_id')} required style={{ flex: '1 1 12rem' }} value={row.external_id} error={error(`products.${i}.external_id`)}
            onChange={(ev) => set(i, { external_id: ev.currentTarget.value })} />
          {rows.length > 1 && (
            <ActionIcon variant="subtle" color="red" mt={26} aria-label={t('migration.remove_product')} onClick={() => onChange(rows.filter((_, j) => j !== i))}>×</ActionIcon>
          )}
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" disabled={rows.length >= PRODUCT_IDS.length} onClick={() => onChange([...rows, { product: '', external_id: '' }])}>{t('migration.add_product')}</Button>
      </Group>
    </Stack>
  );
}

function Summary({ rows }: { rows: [string, string][] }) {
  return (
    <Stack gap={6} component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'flex', flexWrap: 'wrap', gap: '0 1rem' }}>
          <Text component="dt" size="sm" c="dimmed" miw={160}>{label}</Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
        </div>
      ))}
    </Stack>
  );
}

/** Back / next (checked) / confirm (once: the wizard's idempotency key) and the result. */
function WizardButtons<S extends string, D extends object>({ wizard, pending, onNext, confirm }: {
  wizard: Wizard<S, D>; pending: boolean; onNext: () => unknown; confirm: { body: Parameters<ReturnType<typeof useMigrationConfirm>['mutateAsync']>[0] };
}) {
  const { t } = useTranslation();
  const save = useMigrationConfirm();
  const form = useFormErrors();
  async function submit() {
    form.reset();
    try {
      const result = await save.mutateAsync(confirm.body);
      toast(t(result.status === 'created' ? 'migration.done_created' : 'migration.done_recorded', { company: result.company_name }), 'success');
      wizard.finish();
    } catch (error) {
      form.fromError(error);
    }
  }
  const fieldErrors = save.error instanceof FormError ? Object.values(save.error.errors).flat() : [];
  return (
    <Stack gap="sm">
      {wizard.isLast && <FormAlert message={[form.message, ...fieldErrors].filter(Boolean).join('\n')} />}
      <Group justify="space-between">
        <Button variant="default" disabled={wizard.isFirst} onClick={wizard.back}>{t('migration.back')}</Button>
        <Group gap="sm">
          <Button variant="subtle" color="gray" onClick={wizard.finish}>{t('migration.cancel')}</Button>
          {wizard.isLast
            ? <Button loading={save.isPending} onClick={() => void submit()}>{t('migration.confirm')}</Button>
            : <Button loading={pending} onClick={() => void onNext()}>{t('migration.next')}</Button>}
        </Group>
      </Group>
    </Stack>
  );
}

function RecentMigrations() {
  const { t } = useTranslation();
  const format = useDateTime();
  const list = useMigrations();
  return (
    <Stack gap="sm">
      <Title order={3}>{t('migration.recent')}</Title>
      <QueryState query={list} isEmpty={(d) => d.migrations.length === 0} empty={t('migration.recent_empty')}>
        {(d) => (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {d.migrations.map((m: TMigration) => (
              <Card key={m.uuid} withBorder radius="md" padding="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{m.company_name}</Text>
                  <Badge variant="light" color={m.status === 'created' ? 'green' : 'yellow'}>{t(STATUS_LABEL[m.status])}</Badge>
                </Group>
                <Text size="sm" c="dimmed">{t(VARIANT_LABEL[m.variant])} · {format.dateTime(m.created_at)}</Text>
                <Text size="sm">{m.products.map(productName).join(', ')}</Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
