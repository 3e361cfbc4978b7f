import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPERATIONS, ZExportFile, ZOperationLogPage, renderMessage } from '@portal/proto';
import type { z } from 'zod';
import { apiCall, apiRequest } from '../../lib/api';
import { currentLanguage } from '../../lib/locale';
import { toast } from '../../lib/toast';

type TLog = z.infer<typeof ZOperationLogPage>['logs'][number];
type TAccount = z.infer<typeof ZOperationLogPage>['accounts'][number];
const PER_PAGE = 50;

const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') || '—' : v === null || v === undefined || v === '' ? '—' : String(v));

/** A short, readable summary of an entry's detail (no raw JSON for people). */
function useSummary() {
  const { t, i18n } = useTranslation();
  return (detail: Record<string, unknown>): string => {
    const parts: string[] = [];
    for (const key of ['email', 'actor', 'product', 'device']) if (detail[key]) parts.push(String(detail[key]));
    if ('before' in detail || 'after' in detail) parts.push(`${show(detail.before)} → ${show(detail.after)}`);
    if (Array.isArray(detail.fields)) {
      parts.push(t('oplog.detail_fields', { fields: detail.fields.map((f) => (i18n.exists(`company.${f}`) ? t(`company.${f}`) : String(f))).join(', ') }));
    }
    if (typeof detail.count === 'number') parts.push(t('oplog.detail_count', { count: detail.count }));
    if (detail.reason) parts.push(String(detail.reason));
    if (detail.ip) parts.push(`IP ${String(detail.ip)}`);
    return parts.join(' · ');
  };
}

/** /log/list: the company's operation log, filterable by period, account and operation, exportable as CSV. */
export default function OperationLogPage() {
  const { t, i18n } = useTranslation();
  const summary = useSummary();
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [operation, setOperation] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [data, setData] = useState<{ logs: TLog[]; total: number; accounts: TAccount[] }>({ logs: [], total: 0, accounts: [] });
  const label = (op: string) => renderMessage(currentLanguage(), `operation.${op}`);
  const names = new Map(data.accounts.map((a) => [a.uuid, a]));
  const filter = { from: from || undefined, to: to || undefined, operation: operation ?? undefined, account_uuid: account ?? undefined };
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Tokyo' });

  const load = useCallback(() => {
    apiRequest('get', '/client_activity_log/list', { payload: { page, per_page: PER_PAGE, from: from || undefined, to: to || undefined, operation: operation ?? undefined, account_uuid: account ?? undefined } })
      .then((r) => setData(ZOperationLogPage.parse(r)), () => undefined);
  }, [page, from, to, operation, account]);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await apiCall('post', '/export', ZExportFile, { payload: { type: 'operation_log', ...filter } });
      const url = URL.createObjectURL(new Blob([file.content], { type: file.content_type }));
      const link = Object.assign(document.createElement('a'), { href: url, download: file.file_name });
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      toast(t('oplog.exported', { count: file.rows }), 'success');
    } catch {
      // The api client shows the refusal.
    } finally {
      setExporting(false);
    }
  }
  useEffect(load, [load]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('route.operation_log')}</Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting} disabled={!data.total}>{t('oplog.export')}</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={t('oplog.from')} value={from} onChange={(e) => { setFrom(e.currentTarget.value); setPage(1); }} />
        <TextInput type="date" label={t('oplog.to')} value={to} onChange={(e) => { setTo(e.currentTarget.value); setPage(1); }} />
        <Select label={t('oplog.operation')} placeholder={t('oplog.all')} clearable value={operation} w={260}
          data={OPERATIONS.map((o) => ({ value: o, label: label(o) }))} onChange={(v) => { setOperation(v); setPage(1); }} />
        <Select label={t('oplog.account')} placeholder={t('oplog.all_accounts')} clearable searchable value={account} w={260}
          data={data.accounts.map((a) => ({ value: a.uuid, label: a.name ? `${a.name} (${a.email})` : a.email }))} onChange={(v) => { setAccount(v); setPage(1); }} />
        <Button variant="default" onClick={() => { setFrom(''); setTo(''); setOperation(null); setAccount(null); setPage(1); }}>{t('oplog.clear')}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t('oplog.timezone')}</Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('oplog.datetime')}</Table.Th>
              <Table.Th>{t('oplog.account')}</Table.Th>
              <Table.Th>{t('oplog.operation')}</Table.Th>
              <Table.Th>{t('oplog.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.logs.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td><Text size="sm">{format.format(new Date(l.occurred_at))}</Text></Table.Td>
                <Table.Td>
                  {l.account_uuid && names.get(l.account_uuid) ? (
                    <Stack gap={0}>
                      <Text size="sm">{names.get(l.account_uuid)!.name}</Text>
                      <Text size="xs" c="dimmed">{names.get(l.account_uuid)!.email}</Text>
                    </Stack>
                  ) : <Text size="xs" c="dimmed">{l.account_uuid ? t('oplog.former_account') : t('oplog.support')}</Text>}
                </Table.Td>
                <Table.Td><Badge variant="light" color={l.operation.includes('failed') || l.operation === 'lockout' ? 'red' : 'indigo'}>{label(l.operation).startsWith('operation.') ? l.operation : label(l.operation)}</Badge></Table.Td>
                <Table.Td><Text size="sm">{summary(l.detail)}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!data.logs.length && <Text size="sm" c="dimmed">{t('oplog.empty')}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('accounts.total', { count: data.total })}</Text>
        <Pagination total={Math.max(1, Math.ceil(data.total / PER_PAGE))} value={page} onChange={setPage} size="sm" />
      </Group>
    </Stack>
  );
}
