import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPERATIONS, OPERATION_CATEGORIES, ZExportFile, ZOperationLogPage, isMessageKey, operationsOf, renderMessage, type TOperationCategory } from '@portal/proto';
import type { z } from 'zod';
import { apiCall, apiRequest } from '../../lib/api';
import { currentLanguage } from '../../lib/locale';
import { toast } from '../../lib/toast';

type TLog = z.infer<typeof ZOperationLogPage>['logs'][number];
type TAccount = z.infer<typeof ZOperationLogPage>['accounts'][number];
const PER_PAGE = 50;
const CATEGORY_COLOR: Record<TOperationCategory, string> = {
  login: 'indigo', service_use: 'cyan', profile: 'teal', accounts: 'blue', plan_change: 'violet', company_info: 'grape', billing_info: 'orange', system_settings: 'gray',
};

const show = (v: unknown) => (Array.isArray(v) ? v.join(', ') || '—' : v === null || v === undefined || v === '' ? '—' : String(v));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field's label from the server catalogue (field.family_name …), else its name. */
const fieldLabel = (name: string) => (isMessageKey(`field.${name}`) ? renderMessage(currentLanguage(), `field.${name}`) : name);

/** A short, readable summary of an entry's detail (no raw JSON for people). */
function useSummary() {
  const { t, i18n } = useTranslation();
  return (detail: Record<string, unknown>): string => {
    const parts: string[] = [];
    for (const key of ['email', 'product', 'device']) if (detail[key]) parts.push(String(detail[key]));
    // In a support login the actor is named in the account column instead.
    if (detail.actor && detail.support !== true) parts.push(String(detail.actor));
    if (isRecord(detail.before) || isRecord(detail.after)) {
      // Several fields at once (profile): "given name: A → B".
      const before = isRecord(detail.before) ? detail.before : {};
      const after = isRecord(detail.after) ? detail.after : {};
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) parts.push(`${fieldLabel(key)}: ${show(before[key])} → ${show(after[key])}`);
    } else if ('before' in detail || 'after' in detail) parts.push(`${show(detail.before)} → ${show(detail.after)}`);
    if (Array.isArray(detail.fields) && !isRecord(detail.before)) {
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
  const [category, setCategory] = useState<TOperationCategory | null>(null);
  const [operation, setOperation] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [data, setData] = useState<{ logs: TLog[]; total: number; accounts: TAccount[] }>({ logs: [], total: 0, accounts: [] });
  const label = (op: string) => (isMessageKey(`operation.${op}`) ? renderMessage(currentLanguage(), `operation.${op}`) : op);
  const categoryLabel = (c: string) => renderMessage(currentLanguage(), `operation_category.${c}`);
  const names = new Map(data.accounts.map((a) => [a.uuid, a]));
  const filter = { from: from || undefined, to: to || undefined, category: category ?? undefined, operation: operation ?? undefined, account_uuid: account ?? undefined };
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Tokyo' });

  const load = useCallback(() => {
    const query = { from: from || undefined, to: to || undefined, category: category ?? undefined, operation: operation ?? undefined, account_uuid: account ?? undefined };
    apiRequest('get', '/client_activity_log/list', { payload: { page, per_page: PER_PAGE, ...query } })
      .then((r) => setData(ZOperationLogPage.parse(r)), () => undefined);
  }, [page, from, to, category, operation, account]);

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
        <NativeSelect label={t('oplog.category')} value={category ?? ''} w={220}
          data={[{ value: '', label: t('oplog.all_categories') }, ...OPERATION_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))]}
          onChange={(e) => {
            const v = (e.currentTarget.value || null) as TOperationCategory | null;
            setCategory(v);
            // An event of another category would match nothing.
            if (v && operation && !(operationsOf(v) as string[]).includes(operation)) setOperation(null);
            setPage(1);
          }} />
        <NativeSelect label={t('oplog.operation')} value={operation ?? ''} w={240}
          data={[{ value: '', label: t('oplog.all') }, ...(category ? operationsOf(category) : OPERATIONS).map((o) => ({ value: o, label: label(o) }))]}
          onChange={(e) => { setOperation(e.currentTarget.value || null); setPage(1); }} />
        <Select label={t('oplog.account')} placeholder={t('oplog.all_accounts')} clearable searchable value={account} w={260}
          data={data.accounts.map((a) => ({ value: a.uuid, label: a.name ? `${a.name} (${a.email})` : a.email }))} onChange={(v) => { setAccount(v); setPage(1); }} />
        <Button variant="default" onClick={() => { setFrom(''); setTo(''); setCategory(null); setOperation(null); setAccount(null); setPage(1); }}>{t('oplog.clear')}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t('oplog.timezone')}</Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('oplog.datetime')}</Table.Th>
              <Table.Th>{t('oplog.account')}</Table.Th>
              <Table.Th>{t('oplog.category')}</Table.Th>
              <Table.Th>{t('oplog.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.logs.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td><Text size="sm">{format.format(new Date(l.occurred_at))}</Text></Table.Td>
                <Table.Td>
                  {l.support_actor !== null ? (
                    <Text size="sm">{t('oplog.support_actor', { name: l.support_actor || t('oplog.support_unknown') })}</Text>
                  ) : l.account_uuid && names.get(l.account_uuid) ? (
                    <Stack gap={0}>
                      <Text size="sm">{names.get(l.account_uuid)!.name}</Text>
                      <Text size="xs" c="dimmed">{names.get(l.account_uuid)!.email}</Text>
                    </Stack>
                  ) : <Text size="xs" c="dimmed">{l.account_uuid ? t('oplog.former_account') : t('oplog.support')}</Text>}
                </Table.Td>
                <Table.Td>{l.category ? <Badge variant="light" color={CATEGORY_COLOR[l.category]}>{categoryLabel(l.category)}</Badge> : <Text size="xs" c="dimmed">—</Text>}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} c={l.operation.includes('failed') || l.operation === 'lockout' ? 'red.7' : undefined}>{label(l.operation)}</Text>
                  {summary(l.detail) && <Text size="xs" c="dimmed">{summary(l.detail)}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!data.logs.length && <Text size="sm" c="dimmed">{t('oplog.empty')}</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{t('oplog.total', { count: data.total })}</Text>
        <Pagination total={Math.max(1, Math.ceil(data.total / PER_PAGE))} value={page} onChange={setPage} size="sm" />
      </Group>
    </Stack>
  );
}
