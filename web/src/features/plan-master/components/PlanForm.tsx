import { useState } from 'react';
import { Button, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NAMES, LANGUAGES, PLAN_BILLING_TYPES, PLAN_CONTRACT_KINDS, PLAN_SCHEMES, PLAN_STATUSES, PLAN_TYPES_BY_SCHEME, PRODUCT_IDS,
  REQUIRED_TEXT_LANGUAGES, ZPlanCreate, ZPlanUpdate, isPackage, localizedText, planRole, productName, type TLanguage, type TPlanProduct,
  type TPlanScheme, type TPlanView,
} from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { FormError } from '../../../lib/api';
import { useFormErrors, validate } from '../../../lib/forms';
import { currentLocale } from '../../../lib/locale';
import { renderMessage } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { useCreatePlan, useProductRows, useUpdatePlan } from '../api';
import { PLAN_PRODUCT_CHOICES } from '../labels';
import { BILLING_LABEL, CONTRACT_LABEL, SCHEME_LABEL, STATUS_LABEL, TYPE_LABEL } from '../labels';

type Draft = Omit<TPlanView, 'sort_order' | 'in_use' | 'operable' | 'created_at' | 'updated_at'>;

const EMPTY: Draft = {
  id: '', product: 'bownow', name: {}, type: 'plan', scheme: 'legacy', status: 'waiting_setup', contract_kind: 'monthly', billing_type: 'fixed',
  amount_jpy: null, amount_usd: null, initial_cost_plan_id: null, per_plan: false, unit_value: null, unit: null, range_lower: null, range_upper: null,
  explanation: {}, grants: [], contractable: [], exclusive: [],
};

/** The server's message for a required name left empty (the same keys plan-master.rules.ts answers). */
const NAME_REQUIRED: Record<(typeof REQUIRED_TEXT_LANGUAGES)[number], string> = { 'ja-jp': 'plan.name_required', 'en-us': 'plan.name_en_required' };

const toNumber = (v: string | number): number | null => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * Create or edit one plan-master row with every field of spec §3: product, names and explanations
 * per language, scheme and type, status (waiting for setup may leave amounts empty), monthly or
 * single month, fixed or metered with unit and range, amounts per currency (excluding tax; USD is
 * entered in dollars and sent in cents), the initial cost, contractable plans or options and
 * options that cannot be combined; for a package's plan, the products it grants (issue 22). Names
 * and explanations sit on one tab per language: Japanese and English are required, the others
 * optional. The server checks the rules again and its refusals show under the fields (a
 * language's under its tab, which is marked).
 */
export function PlanForm({ plan, onDone }: { plan: TPlanView | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(plan ?? EMPTY);
  const form = useFormErrors();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const rows = useProductRows(draft.product).data?.plans ?? [];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const role = planRole(draft.type);
  const metered = draft.billing_type === 'metered';
  const [tab, setTab] = useState<TLanguage>(currentLocale().region === 'jpn' ? 'ja-jp' : 'en-us');
  const label = (row: TPlanView) => `${localizedText(row.name, i18n.language, currentLocale().region) ?? row.id} (${row.id})`;
  const grants = isPackage(draft.product) && role === 'plan';
  const others = rows.filter((r) => r.id !== draft.id);
  const contractableChoices = others.filter((r) => planRole(r.type) === (role === 'plan' ? 'option' : 'plan')).map((r) => ({ value: r.id, label: label(r) }));
  const exclusiveChoices = others.filter((r) => planRole(r.type) === 'option').map((r) => ({ value: r.id, label: label(r) }));
  const costChoices = others.filter((r) => planRole(r.type) === 'initial_cost').map((r) => ({ value: r.id, label: label(r) }));
  const busy = create.isPending || update.isPending;

  async function save() {
    form.reset();
    const payload = {
      ...draft, contractable: role === 'initial_cost' ? [] : draft.contractable, exclusive: role === 'option' ? draft.exclusive : [],
      grants: grants ? draft.grants : [],
      per_plan: role === 'initial_cost' && draft.per_plan,
    };
    const checked = plan ? validate(ZPlanUpdate, { ...payload, expected_updated_at: plan.updated_at }) : validate(ZPlanCreate, payload);
    // Japanese and English names are required (the server says so too, under the same fields).
    const names = Object.fromEntries(REQUIRED_TEXT_LANGUAGES.filter((l) => !draft.name[l]?.trim())
      .map((l) => [`name.${l}`, [renderMessage(i18n.language as TLanguage, NAME_REQUIRED[l])]]));
    if (!checked.ok || Object.keys(names).length > 0) {
      const errors = { ...(checked.ok ? {} : checked.errors), ...names };
      form.setErrors(errors);
      const first = LANGUAGES.find((l) => errors[`name.${l}`] || errors[`explanation.${l}`]);
      if (first) setTab(first);
      return;
    }
    try {
      if (plan) await update.mutateAsync(ZPlanUpdate.parse(checked.data));
      else await create.mutateAsync(ZPlanCreate.parse(checked.data));
      toast(t('plan_master.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
      // A refusal of one language's text: show its tab.
      const fields = error instanceof FormError ? Object.keys(error.errors) : [];
      const first = LANGUAGES.find((l) => fields.includes(`name.${l}`) || fields.includes(`explanation.${l}`));
      if (first) setTab(first);
    }
  }
  const textError = (language: TLanguage) => !!(form.error(`name.${language}`) || form.error(`explanation.${language}`));

  const text = (field: 'name' | 'explanation', language: (typeof LANGUAGES)[number]) => ({
    value: draft[field][language] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set({ [field]: { ...draft[field], [language]: e.currentTarget.value } }),
  });

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('plan_master.id')} description={t('plan_master.id_hint')} required disabled={!!plan} value={draft.id}
          onChange={(e) => set({ id: e.currentTarget.value })} error={form.error('id')} />
        <Select label={t('plan_master.product')} required data={PLAN_PRODUCT_CHOICES(t)} value={draft.product}
          onChange={(v) => v && set({ product: v as TPlanProduct, contractable: [], exclusive: [], initial_cost_plan_id: null, grants: [] })} error={form.error('product')} allowDeselect={false} />
        <Select label={t('plan_master.scheme')} data={PLAN_SCHEMES.map((s) => ({ value: s, label: t(SCHEME_LABEL[s]) }))} value={draft.scheme} allowDeselect={false}
          onChange={(v) => { const scheme = (v ?? 'legacy') as TPlanScheme; set({ scheme, type: PLAN_TYPES_BY_SCHEME[scheme].includes(draft.type) ? draft.type : 'plan' }); }} />
        <Select label={t('plan_master.type')} required data={PLAN_TYPES_BY_SCHEME[draft.scheme].map((ty) => ({ value: ty, label: t(TYPE_LABEL[ty]) }))} value={draft.type}
          onChange={(v) => v && set({ type: v as Draft['type'] })} error={form.error('type')} allowDeselect={false} />
        <Select label={t('plan_master.status')} required data={PLAN_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))} value={draft.status}
          onChange={(v) => v && set({ status: v as Draft['status'] })} error={form.error('status')} allowDeselect={false}
          description={draft.status === 'waiting_setup' ? t('plan_master.waiting_setup_hint') : undefined} />
        <Select label={t('plan_master.contract_kind')} data={PLAN_CONTRACT_KINDS.map((c) => ({ value: c, label: t(CONTRACT_LABEL[c]) }))} value={draft.contract_kind}
          onChange={(v) => v && set({ contract_kind: v as Draft['contract_kind'] })} allowDeselect={false} />
        <NumberInput label={t('plan_master.amount_jpy')} description={t('plan_master.excluding_tax')} min={0} allowDecimal={false} thousandSeparator="," prefix="¥"
          value={draft.amount_jpy ?? ''} onChange={(v) => set({ amount_jpy: toNumber(v) })} error={form.error('amount_jpy')} />
        <NumberInput label={t('plan_master.amount_usd')} description={t('plan_master.excluding_tax')} min={0} decimalScale={2} fixedDecimalScale thousandSeparator="," prefix="$"
          value={draft.amount_usd === null ? '' : draft.amount_usd / 100}
          onChange={(v) => { const n = toNumber(v); set({ amount_usd: n === null ? null : Math.round(n * 100) }); }} error={form.error('amount_usd')} />
        <Select label={t('plan_master.billing_type')} data={PLAN_BILLING_TYPES.map((b) => ({ value: b, label: t(BILLING_LABEL[b]) }))} value={draft.billing_type}
          onChange={(v) => v && set({ billing_type: v as Draft['billing_type'] })} allowDeselect={false} />
        <Select label={t('plan_master.initial_cost')} placeholder={t('plan_master.initial_cost_none')} data={costChoices} value={draft.initial_cost_plan_id} clearable
          disabled={role === 'initial_cost'} onChange={(v) => set({ initial_cost_plan_id: v })} error={form.error('initial_cost_plan_id')} />
      </SimpleGrid>
      {/* Issue 22: an initial cost is charged once per product unless marked per plan. */}
      {role === 'initial_cost' && (
        <Checkbox label={t('plan_master.per_plan')} description={t('plan_master.per_plan_help')} checked={draft.per_plan}
          onChange={(e) => set({ per_plan: e.currentTarget.checked })} error={form.error('per_plan')} />
      )}
      {metered && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput label={t('plan_master.unit_value')} min={1} allowDecimal={false} value={draft.unit_value ?? ''} onChange={(v) => set({ unit_value: toNumber(v) })} error={form.error('unit_value')} />
          <TextInput label={t('plan_master.unit')} placeholder="pv" value={draft.unit ?? ''} onChange={(e) => set({ unit: e.currentTarget.value || null })} error={form.error('unit')} />
          <NumberInput label={t('plan_master.range_lower')} min={0} allowDecimal={false} value={draft.range_lower ?? ''} onChange={(v) => set({ range_lower: toNumber(v) })} error={form.error('range_lower')} />
          <NumberInput label={t('plan_master.range_upper')} min={0} allowDecimal={false} value={draft.range_upper ?? ''} onChange={(v) => set({ range_upper: toNumber(v) })} error={form.error('range_upper')} />
        </SimpleGrid>
      )}
      {grants && (
        <MultiSelect label={t('plan_master.grants')} description={t('plan_master.grants_hint')} required searchable clearable
          data={PRODUCT_IDS.map((p) => ({ value: p, label: productName(p) }))} value={draft.grants}
          onChange={(v) => set({ grants: v as Draft['grants'] })} error={form.error('grants')} />
      )}
      {role !== 'initial_cost' && (
        <MultiSelect label={role === 'plan' ? t('plan_master.contractable_options') : t('plan_master.contractable_plans')} data={contractableChoices} value={draft.contractable}
          onChange={(v) => set({ contractable: v })} searchable clearable error={form.error('contractable')} />
      )}
      {role === 'option' && (
        <MultiSelect label={t('plan_master.exclusive')} description={t('plan_master.exclusive_hint')} data={exclusiveChoices} value={draft.exclusive}
          onChange={(v) => set({ exclusive: v })} searchable clearable error={form.error('exclusive')} />
      )}
      <Title order={4}>{t('plan_master.names')}</Title>
      <Text size="sm" c="dimmed">{t('plan_master.names_hint')}</Text>
      <Tabs value={tab} onChange={(v) => v && setTab(v as TLanguage)} keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {LANGUAGES.map((language) => {
            const required = (REQUIRED_TEXT_LANGUAGES as readonly string[]).includes(language);
            return (
              <Tabs.Tab key={language} value={language} data-testid={`texts-tab-${language}`} color={textError(language) ? 'red' : undefined}
                c={textError(language) ? 'red' : undefined} aria-label={`${LANGUAGE_NAMES[language]}${required ? ` (${t('plan_master.required')})` : ''}`}>
                {LANGUAGE_NAMES[language]}{required ? ' *' : ''}{!required && draft.name[language]?.trim() ? ' ✓' : ''}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {LANGUAGES.map((language) => (
          <Tabs.Panel key={language} value={language} pt="sm">
            <Stack gap="sm">
              <TextInput label={`${t('plan_master.name')} (${LANGUAGE_NAMES[language]})`} required={(REQUIRED_TEXT_LANGUAGES as readonly string[]).includes(language)}
                {...text('name', language)} error={form.error(`name.${language}`)} />
              <Textarea label={`${t('plan_master.explanation')} (${LANGUAGE_NAMES[language]})`} autosize minRows={2} {...text('explanation', language)}
                error={form.error(`explanation.${language}`)} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void save()} loading={busy}>{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}
