import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ZBillingInfo, type TBillingInfo, type TBillingInfoView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useBillingInfo, useSaveBillingInfo } from '../api';

const EMPTY: TBillingInfo = { company_name: '', company_kana: '', division: '', division_kana: '', phone: '', address: '', address_kana: '', email: '' };

/** /billing_register and /billing_edit (owner and admin): the billing information form of spec §3. */
export default function BillingFormPage() {
  const info = useBillingInfo();
  const editing = useLocation().pathname === '/billing_edit';
  return (
    <QueryState query={info} loading={<Skeleton h={480} radius="md" maw={900} />}>
      {(loaded) => <BillingForm view={loaded} editing={editing} />}
    </QueryState>
  );
}

function BillingForm({ view, editing }: { view: TBillingInfoView; editing: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<TBillingInfo>(() => {
    if (!view.billing_info) return EMPTY;
    const { updated_at: _, ...info } = view.billing_info;
    return info;
  });
  const save = useSaveBillingInfo();
  const form = useFormErrors();
  const set = (patch: Partial<TBillingInfo>) => setDraft({ ...draft, ...patch });
  const field = (name: keyof TBillingInfo, label: string, required = false, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} required={required} value={draft[name]} error={form.error(name)} onChange={(e) => set({ [name]: e.currentTarget.value })} {...extra} />
  );

  async function submit() {
    form.reset();
    const checked = validate(ZBillingInfo, draft);
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await save.mutateAsync(checked.data);
      toast(t('billing_info.saved'), 'success');
      navigate('/billing');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t(editing ? 'route.billing_edit' : 'route.billing_register')}</Title>
        <Text size="sm" c="dimmed" mt={4}>{t('billing_info.form_help')}</Text>
      </div>
      <FormAlert message={form.message} />
      <Card withBorder radius="md" padding="lg" component="form" noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('company_name', t('billing_info.company_name'), true, { autoComplete: 'organization' })}
            {view.kana && field('company_kana', t('billing_info.company_kana'), true)}
            {field('division', t('billing_info.division'))}
            {view.kana && field('division_kana', t('billing_info.division_kana'))}
            {field('phone', t('billing_info.phone'), true, { type: 'tel', autoComplete: 'tel' })}
            {field('email', t('billing_info.email'), true, { type: 'email', description: t('billing_info.email_help') })}
          </SimpleGrid>
          {field('address', t('billing_info.address'), true, { autoComplete: 'street-address' })}
          {view.kana && field('address_kana', t('billing_info.address_kana'), true)}
          <Group mt="sm">
            <Button type="submit" loading={save.isPending}>{t(editing ? 'common.save' : 'billing_info.register')}</Button>
            <Button component={Link} to={editing ? '/billing' : '/billing_beforeregister'} variant="default">{t('common.cancel')}</Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
