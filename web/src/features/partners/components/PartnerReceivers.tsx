import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRegion } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAddPartnerReceiver, usePartnerReceivers, useRemovePartnerReceiver } from '../api';

/** The partner's inquiry receivers (issue 12's), managed by the operator: the last one cannot be removed. */
export function PartnerReceivers({ partnerUuid, region }: { partnerUuid: string; region: TRegion }) {
  const { t } = useTranslation();
  const receivers = usePartnerReceivers(partnerUuid, region);
  const add = useAddPartnerReceiver();
  const remove = useRemovePartnerReceiver();
  const form = useFormErrors();
  const [draft, setDraft] = useState({ email: '', name: '' });

  async function submit() {
    form.reset();
    try {
      await add.mutateAsync({ partner_uuid: partnerUuid, region, ...draft });
      setDraft({ email: '', name: '' });
      toast(t('partners.receiver_added'), 'success');
    } catch (e) {
      form.fromError(e);
    }
  }

  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="xs">{t('partners.section_receivers')}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t('partners.receivers_help')}</Text>
      <QueryState query={receivers} isEmpty={(d) => d.receivers.length === 0} empty={t('partners.no_receivers')}>
        {(data) => (
          <Stack gap={4} role="list" aria-label={t('partners.section_receivers')}>
            {data.receivers.map((r) => (
              <Group key={r.email} justify="space-between" wrap="nowrap" role="listitem">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.name ? `${r.name} <${r.email}>` : r.email}</Text>
                <Button size="compact-sm" variant="subtle" color="red" disabled={data.receivers.length <= 1} title={data.receivers.length <= 1 ? t('partners.receiver_last') : undefined}
                  onClick={() => void remove.mutateAsync({ partner_uuid: partnerUuid, region, email: r.email }).catch(() => undefined)}>{t('partners.remove')}</Button>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      <Stack gap="xs" mt="md">
        <FormAlert message={form.message} />
        <Group align="flex-start" gap="xs">
          <TextInput label={t('partners.receiver_email')} type="email" value={draft.email} error={form.error('email')} maxLength={254} style={{ flex: '1 1 220px' }}
            onChange={(e) => setDraft((d) => ({ ...d, email: e.currentTarget.value }))} />
          <TextInput label={t('partners.receiver_name')} value={draft.name} error={form.error('name')} maxLength={100} style={{ flex: '1 1 160px' }}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.currentTarget.value }))} />
        </Group>
        <Group justify="flex-end"><Button variant="light" onClick={() => void submit()} loading={add.isPending}>{t('partners.receiver_add')}</Button></Group>
      </Stack>
    </Card>
  );
}
