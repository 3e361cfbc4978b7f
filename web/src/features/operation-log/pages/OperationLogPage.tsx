import { useRef, useState } from 'react';
import { Badge, Box, Button, Card, Group, NativeSelect, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  OPERATIONS, OPERATION_CATEGORIES, describeDetail, operationsOf, type TOperationCategory,
} from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { currentLanguage, hostLocale } from '../../../lib/locale';
import { isMessageKey, messageSource, renderMessage } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { useExportOperationLog, useOperationLog, type TExportFilter, type TOperationLogPage } from '../api';
import { saveFile } from '../../../lib/save-file';
import { ActorWords } from '../../../components/ActorWords';

const PER_PAGE = 50;
const CATEGORY_COLOR: Record<TOperationCategory, string> = {
  login: 'indigo', service_use: 'cyan', profile: 'teal', accounts: 'blue', plan_change: 'violet', company_info: 'grape', billing_info: 'orange', system_settings: 'gray', back_office: 'dark',
};
type TEntry = TOperationLogPage['logs'][number];
const categoryLabel = (c: string) => renderMessage(currentLanguage(), `operation_category.${c}`);

function CategoryBadge({ category }: { category: TOperationCategory | null }) {
  if (!category) return <Text size="xs" c="dimmed">—</Text>;
  return <Badge variant="light" color={CATEGORY_COLOR[category]}>{categoryLabel(category)}</Badge>;
}

/**
 * /log/list: the company's operation log, filterable by period, account and operation, exportable
 * as CSV. Times and the filter's dates are in the host region's time zone (the server reads the
 * dates in the same zone); details are words (proto's describeDetail, as in the CSV, from the loaded catalogue).
 */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const region = hostLocale().region;
  const [page, setPage] = useState(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [category, setCategory] = useState<TOperationCategory | null>(null);
  const [operation, setOperation] = useState<string | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const label = (op: string) => (isMessageKey(`operation.${op}`) ? renderMessage(currentLanguage(), `operation.${op}`) : op);
  const filter: TExportFilter = { from: from || undefined, to: to || undefined, category: category ?? undefined, operation: operation ?? undefined, account_uuid: account ?? undefined };
  // Keyset paging: the page after one already shown starts at that page's `next_cursor` (fast at
  // any depth); a page jumped to without one is read by its number. Cursors belong to one filter.
  const filterKey = JSON.stringify(filter);
  const cursors = useRef<{ key: string; at: Map<number, string> }>({ key: filterKey, at: new Map() });
  if (cursors.current.key !== filterKey) cursors.current = { key: filterKey, at: new Map() };
  const log = useOperationLog({ page, per_page: PER_PAGE, ...filter, cursor: cursors.current.at.get(page) });
  if (log.data && !log.isPlaceholderData && log.data.next_cursor) cursors.current.at.set(page + 1, log.data.next_cursor);
  const exportLog = useExportOperationLog();
  const accounts = log.data?.accounts ?? [];
  const names = new Map(accounts.map((a) => [a.uuid, a]));
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  /**
   * Who did it (issue 25): an account of the company by its name (or one deleted since), else the
   * actor in words: the operator's staff by name, a partner and its person, a support login and
   * who is behind it, or the system.
   */
  const who = (l: TEntry) => {
    const named = l.actor.kind === 'account' && l.account_uuid ? names.get(l.account_uuid) : undefined;
    if (named) {
      return (
        <Stack gap={0}>
          <Text size="sm">{named.name}</Text>
          <Text size="xs" c="dimmed">{named.email}</Text>
        </Stack>
      );
    }
    if (l.actor.kind === 'account') return <Text size="xs" c="dimmed">{t('oplog.former_account')}</Text>;
    return <ActorWords actor={l.actor} />;
  };
  /** The event, and its detail in words (the support actor is named with who did it). */
  const what = (l: TEntry) => (
    <>
      <Text size="sm" fw={500} c={l.operation.includes('failed') || l.operation === 'lockout' ? 'red' : undefined}>{label(l.operation)}</Text>
      {describeDetail(l.operation, l.detail, { ...format.setting, region, hide: l.actor.kind === 'support' ? ['actor'] : [], messages: messageSource(format.setting.language) })
        .map((phrase, i) => <Text key={i} size="xs" c="dimmed">{phrase}</Text>)}
    </>
  );

  async function exportCsv() {
    try {
      const file = await exportLog.mutateAsync({ type: 'operation_log', ...filter });
      saveFile(file);
      toast(t('oplog.exported', { count: file.rows }), 'success');
    } catch {
      // The api client has shown the refusal (toast or error page); the page stays as it was.
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('route.operation_log')}</Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exportLog.isPending} disabled={!log.data?.total}>{t('oplog.export')}</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={t('oplog.from')} w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 'auto' }} value={from} onChange={(e) => { setFrom(e.currentTarget.value); setPage(1); }} />
        <TextInput type="date" label={t('oplog.to')} w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 'auto' }} value={to} onChange={(e) => { setTo(e.currentTarget.value); setPage(1); }} />
        <NativeSelect label={t('oplog.category')} value={category ?? ''} w={{ base: '100%', sm: 220 }}
          data={[{ value: '', label: t('oplog.all_categories') }, ...OPERATION_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))]}
          onChange={(e) => {
            const v = (e.currentTarget.value || null) as TOperationCategory | null;
            setCategory(v);
            // An event of another category would match nothing.
            if (v && operation && !(operationsOf(v) as string[]).includes(operation)) setOperation(null);
            setPage(1);
          }} />
        <NativeSelect label={t('oplog.operation')} value={operation ?? ''} w={{ base: '100%', sm: 240 }}
          data={[{ value: '', label: t('oplog.all') }, ...(category ? operationsOf(category) : OPERATIONS).map((o) => ({ value: o, label: label(o) }))]}
          onChange={(e) => { setOperation(e.currentTarget.value || null); setPage(1); }} />
        <Select label={t('oplog.account')} placeholder={t('oplog.all_accounts')} clearable searchable value={account} w={{ base: '100%', sm: 260 }}
          data={accounts.map((a) => ({ value: a.uuid, label: a.name ? `${a.name} (${a.email})` : a.email }))} onChange={(v) => { setAccount(v); setPage(1); }} />
        <Button variant="default" onClick={() => { setFrom(''); setTo(''); setCategory(null); setOperation(null); setAccount(null); setPage(1); }}>{t('oplog.clear')}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t('oplog.timezone', { zone: format.timeZone, name: format.zoneName })}</Text>
      <QueryState query={log} isEmpty={(data) => data.logs.length === 0} empty={t('oplog.empty')}>
        {(data) => (
          <>
            {narrow ? (
              // A phone: one card per entry, so that the detail stays in view (the table would scroll it away).
              <Stack gap="xs" data-testid="oplog-cards">
                {data.logs.map((l) => (
                  <Card key={l.id} withBorder radius="md" padding="sm">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">{format.dateTime(l.occurred_at)}</Text>
                      <CategoryBadge category={l.category} />
                    </Group>
                    <Box mt={6}>{who(l)}</Box>
                    <Box mt={6}>{what(l)}</Box>
                  </Card>
                ))}
              </Stack>
            ) : (
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
                        <Table.Td><Text size="sm">{format.dateTime(l.occurred_at)}</Text></Table.Td>
                        <Table.Td>{who(l)}</Table.Td>
                        <Table.Td><CategoryBadge category={l.category} /></Table.Td>
                        <Table.Td>{what(l)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <ListFooter summary={data.total_capped ? t('oplog.total_capped', { max: data.total }) : t('oplog.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE)} page={page} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
