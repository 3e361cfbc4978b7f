import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useWizard } from '../../../lib/use-wizard';
import { useCheckSubPartner, useRegisterSubPartner, useSubPartners } from '../api';
import { PartnerBadges } from '../components/PartnerBadges';
import { EMPTY_PARTNER_INFO, PartnerInfoFields } from '../components/PartnerInfoFields';

const STEPS = ['form'] as const;

/**
 * /partner/sub_partners: the sub-partners a primary partner registered, with their review state;
 * a primary partner registers another (pending until the operator allows it, then its first
 * account is invited). What was typed survives a reload; the registration carries an idempotency key.
 */
export default function SubPartnersPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const list = useSubPartners();
  const wizard = useWizard('sub_partner', STEPS, EMPTY_PARTNER_INFO);
  const form = useFormErrors();
  const check = useCheckSubPartner();
  const register = useRegisterSubPartner();
  const [busy, setBusy] = useState(false);

  async function submit() {
    form.reset();
    setBusy(true);
    try {
      await check.mutateAsync(wizard.data);
      await register.mutateAsync({ ...wizard.data, idempotency_key: wizard.idempotencyKey });
      toast(t('partners.sub_registered', { company: wizard.data.company_name }), 'success');
      wizard.finish();
    } catch (e) {
      form.fromError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={880}>
      <div>
        <Title order={2}>{t('route.partner_sub_partners')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('partners.sub_help')}</Text>
      </div>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="md">
            {data.partners.length === 0 ? <Text c="dimmed" size="sm">{t('partners.no_sub_partners')}</Text> : (
              <Stack gap="sm" role="list" aria-label={t('route.partner_sub_partners')}>
                {data.partners.map((s) => (
                  <Card key={s.uuid} withBorder padding="sm" role="listitem">
                    <Group justify="space-between" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{s.company_name}</Text>
                        <Text size="xs" c="dimmed">{format.date(s.created_at)}</Text>
                      </div>
                      <PartnerBadges row={s} />
                    </Group>
                  </Card>
                ))}
              </Stack>
            )}
            {data.can_register ? (
              <Card withBorder padding="lg">
                <Stack gap="md">
                  <Title order={4}>{t('partners.sub_new')}</Title>
                  <FormAlert message={form.message} />
                  <PartnerInfoFields value={wizard.data} onChange={wizard.update} error={form.error} />
                  <Group justify="flex-end">
                    <Button onClick={() => void submit()} loading={busy}>{t('partners.sub_register')}</Button>
                  </Group>
                </Stack>
              </Card>
            ) : <Text size="sm" c="dimmed">{t('partners.sub_only_primary')}</Text>}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
