import { useState, type ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { billingInfoSchema, type TBillingInfo, type TBillingInfoView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { useSaveBillingInfo } from '../api';

const EMPTY: TBillingInfo = { company_name: '', company_kana: '', division: '', division_kana: '', phone: '', address: '', address_kana: '', email: '' };

/**
 * The billing information form of spec §3 (/billing_register, /billing_edit, and issue 22: inline at
 * the plan application's payment step). Checked in the browser with the server's own schema
 * (proto's billingInfoSchema): where kana is asked (Japan) the company's and the address's kana are
 * required, and kana is full-width katakana.
 */
export function BillingInfoForm({ view, submitLabel, onSaved, actions, save: saveOther }: {
  view: TBillingInfoView;
  submitLabel: string;
  onSaved: () => void;
  actions?: ReactNode;
  /**
   * Issue 25, point 5: where the checked information goes instead of the client's own route (an
   * operator's save on the client's behalf); false when it was not saved (a confirmation declined).
   */
  save?: (info: TBillingInfo) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TBillingInfo>(() => {
    if (!view.billing_info) return EMPTY;
    const { updated_at: _, ...info } = view.billing_info;
    return info;
  });
  const save = useSaveBillingInfo();
  const [saving, setSaving] = useState(false);
  const form = useFormErrors();
  const set = (patch: Partial<TBillingInfo>) => setDraft((d) => ({ ...d, ...patch }));
  const field = (name: keyof TBillingInfo, label: string, required = false, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} required={required} value={draft[name]} error={form.error(name)} onChange={(e) => set({ [name]: e.currentTarget.value })} {...extra} />
  );
  const kana = { description: t('billing_info.kana_help') };

  async function submit() {
    form.reset();
    const checked = validate(billingInfoSchema(view.kana), draft);
    if (!checked.ok) return form.setErrors(checked.errors);
    setSaving(true);
    try {
      if (saveOther) {
        if (!(await saveOther(checked.data))) return;
      } else {
        await save.mutateAsync(checked.data);
      }
      onSaved();
    } catch (error) {
      form.fromError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="sm">
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg" component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('company_name', t('billing_info.company_name'), true, { autoComplete: 'organization' })}
            {view.kana && field('company_kana', t('billing_info.company_kana'), true, kana)}
            {field('division', t('billing_info.division'))}
            {view.kana && field('division_kana', t('billing_info.division_kana'), false, kana)}
            {field('phone', t('billing_info.phone'), true, { type: 'tel', autoComplete: 'tel' })}
            {field('email', t('billing_info.email'), true, { type: 'email', description: t('billing_info.email_help') })}
          </SimpleGrid>
          {field('address', t('billing_info.address'), true, { autoComplete: 'street-address' })}
          {view.kana && field('address_kana', t('billing_info.address_kana'), true, kana)}
          <Group mt="sm">
            <Button type="submit" loading={saving}>{submitLabel}</Button>
            {actions}
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
