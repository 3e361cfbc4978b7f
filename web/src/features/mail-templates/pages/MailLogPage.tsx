import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAIL_STATUSES, type TMailStatus } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useMailLog, type TMailLogParams } from '../api';
import { STATUS_COLOR, STATUS_LABEL, nameKey } from '../labels';

/**
 * /operator/mail_log (issue 12, slice A): sent, queued, failed and bounced mail of every region,
 * newest first, searched by recipient address and status; a failure shows SMTP's answer.
 */
export default function MailLogPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [recipient, setRecipient] = useState('');
  const [filter, setFilter] = useState<Omit<TMailLogParams, 'page'>>({});
  const [page, setPage] = useState(1);
  const log = useMailLog({ ...filter, page });
  const search = () => { setFilter((f) => ({ ...f, recipient: recipient.trim() || undefined })); setPage(1); };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_mail_log')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('mail_templates.log_help')}</Text>
      </div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput label={t('mail_templates.recipient')} placeholder="name@example.com" value={recipient} w={280} maxLength={254}
          onChange={(e) => setRecipient(e.currentTarget.value)} onKeyDown={(e) => { if (e.key === 'Enter') search(); }} />
        <Select label={t('mail_templates.status_column')} placeholder={t('mail_templates.all')} clearable w={180} value={filter.status ?? null}
          data={MAIL_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
          onChange={(v) => { setFilter((f) => ({ ...f, status: (v ?? undefined) as TMailStatus | undefined })); setPage(1); }} />
        <Button onClick={search}>{t('mail_templates.search')}</Button>
      </Group>
      <QueryState query={log} isEmpty={(d) => d.mails.length === 0} empty={t('mail_templates.log_empty')}>
        {(data) => (
          <Stack gap="sm">
            <Card padding={0}>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="xs" horizontalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('mail_templates.created_at', { zone: format.zoneName })}</Table.Th>
                      <Table.Th>{t('mail_templates.recipient')}</Table.Th>
                      <Table.Th>{t('mail_templates.subject')}</Table.Th>
                      <Table.Th>{t('mail_templates.status_column')}</Table.Th>
                      <Table.Th>{t('mail_templates.attempts')}</Table.Th>
                      <Table.Th>{t('mail_templates.error')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.mails.map((m) => (
                      <Table.Tr key={m.id}>
                        <Table.Td><Text size="sm">{format.dateTime(m.created_at)}</Text></Table.Td>
                        <Table.Td><Text size="sm" style={{ wordBreak: 'break-all' }}>{m.to}</Text></Table.Td>
                        <Table.Td>
                          <Text size="sm">{m.subject}</Text>
                          <Text size="xs" c="dimmed">{t(nameKey(m.template), { defaultValue: '' })}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLOR[m.status]} variant="light">{t(STATUS_LABEL[m.status])}</Badge>
                          {m.sent_at && <Text size="xs" c="dimmed">{format.dateTime(m.sent_at)}</Text>}
                        </Table.Td>
                        <Table.Td><Text size="sm">{m.attempts}</Text></Table.Td>
                        <Table.Td><Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>{m.error ?? ''}</Text></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('mail_templates.previous')}</Button>
              <Text size="sm">{t('mail_templates.page', { page })}</Text>
              <Button variant="default" size="xs" disabled={!data.has_more} onClick={() => setPage(page + 1)}>{t('mail_templates.next')}</Button>
            </Group>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
