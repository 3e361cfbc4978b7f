import { useState } from 'react';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { usePartnerSettings, useSavePartnerSettings } from '../api';
import { FormOriginsField, originsOf } from '../components/FormOriginsField';
import { GRANTABLE_LABEL } from '../components/labels';

type TSettings = NonNullable<ReturnType<typeof usePartnerSettings>['data']>;

/**
 * /partner/settings: the partner's system settings: its company and contact details, where
 * client registrations are announced, and the sites allowed to embed its client registration form.
 * What the operator decides (grantable contracts, primary or not) is shown, not edited; inquiry
 * receivers have their own page.
 */
export default function PartnerSettingsPage() {
  const settings = usePartnerSettings();
  return <QueryState query={settings}>{(data) => <SettingsForm data={data} />}</QueryState>;
}

function SettingsForm({ data }: { data: TSettings }) {
  const { t } = useTranslation();
  const form = useFormErrors();
  const save = useSavePartnerSettings();
  const [v, setV] = useState({
    company_name: data.company_name, representative: data.representative, phone: data.phone, address: data.address,
    notification_email: data.notification_email, origins_text: data.form_origins.join('\n'),
  });
  const set = (patch: Partial<typeof v>) => setV((now) => ({ ...now, ...patch }));

  async function submit() {
    form.reset();
    try {
      const { origins_text: text, ...rest } = v;
      await save.mutateAsync({ ...rest, form_origins: originsOf(text) });
      toast(t('partners.settings_saved'), 'success');
    } catch (e) {
      form.fromError(e);
    }
  }

  return (
    <Stack gap="md" maw={880}>
      <Title order={2}>{t('route.partner_settings')}</Title>
      <Card withBorder padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Stack gap={0}><Text size="xs" c="dimmed">{t('partners.kind')}</Text><Text size="sm">{data.is_primary ? t('partners.kind_primary') : t('partners.kind_partner')}</Text></Stack>
          <Stack gap={0}><Text size="xs" c="dimmed">{t('partners.grantable_contracts')}</Text><Text size="sm">{t(GRANTABLE_LABEL[data.grantable_contracts])}</Text></Stack>
          <Stack gap={0}><Text size="xs" c="dimmed">{t('partners.client_registration')}</Text><Text size="sm">{data.client_registration ? t('partners.yes') : t('partners.no')}</Text></Stack>
        </SimpleGrid>
        <Group gap="md" mt="md">
          <Anchor component={Link} to="/partner/inquiry_receivers" size="sm">{t('route.partner_inquiry_receivers')}</Anchor>
          {data.is_primary && <Anchor component={Link} to="/partner/sub_partners" size="sm">{t('route.partner_sub_partners')}</Anchor>}
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <FormAlert message={form.message} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('partners.company_name')} required value={v.company_name} error={form.error('company_name')} maxLength={100} onChange={(e) => set({ company_name: e.currentTarget.value })} />
            <TextInput label={t('partners.representative')} required value={v.representative} error={form.error('representative')} maxLength={100} onChange={(e) => set({ representative: e.currentTarget.value })} />
            <TextInput label={t('partners.phone')} required value={v.phone} error={form.error('phone')} maxLength={20} inputMode="tel" onChange={(e) => set({ phone: e.currentTarget.value })} />
            <TextInput label={t('partners.address')} required value={v.address} error={form.error('address')} maxLength={200} onChange={(e) => set({ address: e.currentTarget.value })} />
          </SimpleGrid>
          <TextInput label={t('partners.notification_email')} description={t('partners.notification_email_help')} type="email" value={v.notification_email}
            error={form.error('notification_email')} maxLength={254} onChange={(e) => set({ notification_email: e.currentTarget.value })} />
          <FormOriginsField value={v.origins_text} onChange={(text) => set({ origins_text: text })} errors={form.errors} />
          <Group justify="flex-end"><Button onClick={() => void submit()} loading={save.isPending}>{t('partners.save')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
