import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { usePartnerRegistration, type TPartnerDetailAnswer } from '../api';
import { FormOriginsField, originsOf } from './FormOriginsField';

type TDraft = { client_registration: boolean; origins_text: string };

/**
 * A partner's client registration on its info page (primary partners and sub-partners alike):
 * whether it registers clients itself (its registration screen and embedded form) and the sites
 * that may embed the form; Edit opens the wizard's switch and origins field. Switching off refuses
 * both at once. A refusal shows under the field and keeps what was typed.
 */
export function PartnerRegistration({ data }: { data: TPartnerDetailAnswer }) {
  const { t } = useTranslation();
  const save = usePartnerRegistration();
  const form = useFormErrors();
  const [draft, setDraft] = useState<TDraft | null>(null);

  const edit = () => {
    form.reset();
    setDraft({ client_registration: data.client_registration, origins_text: data.form_origins.join('\n') });
  };
  const cancel = () => {
    form.reset();
    setDraft(null);
  };

  async function submit() {
    if (!draft) return;
    form.reset();
    try {
      await save.mutateAsync({ partner_uuid: data.uuid, client_registration: draft.client_registration, form_origins: originsOf(draft.origins_text) });
      toast(t('partners.registration_saved', { company: data.company_name }), 'success');
      setDraft(null);
    } catch (e) {
      form.fromError(e);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-label={t('partners.section_registration')}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4}>{t('partners.section_registration')}</Title>
        {!draft && <Button variant="light" size="compact-sm" onClick={edit}>{t('partners.edit')}</Button>}
      </Group>
      {draft ? (
        <Stack gap="md">
          <FormAlert message={form.message} />
          <Switch checked={draft.client_registration} label={t('partners.client_registration')} description={t('partners.client_registration_help')}
            error={form.error('client_registration')} disabled={save.isPending}
            onChange={(e) => { const on = e.currentTarget.checked; setDraft((d) => (d ? { ...d, client_registration: on } : d)); }} />
          {data.client_registration && !draft.client_registration && <Text size="sm" c="orange">{t('partners.registration_off_warning')}</Text>}
          <FormOriginsField value={draft.origins_text} errors={form.errors} disabled={save.isPending}
            onChange={(text) => setDraft((d) => (d ? { ...d, origins_text: text } : d))} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={cancel} disabled={save.isPending}>{t('partners.cancel')}</Button>
            <Button onClick={() => void submit()} loading={save.isPending}>{t('partners.save')}</Button>
          </Group>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">{t('partners.client_registration')}</Text>
            <Group gap="xs">
              <Badge variant="light" color={data.client_registration ? 'green' : 'gray'}>{data.client_registration ? t('partners.registration_on') : t('partners.registration_off')}</Badge>
            </Group>
          </Stack>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">{t('partners.form_origins')}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{data.form_origins.length ? data.form_origins.join('\n') : t('partners.no_form_origins')}</Text>
          </Stack>
        </SimpleGrid>
      )}
    </Card>
  );
}
