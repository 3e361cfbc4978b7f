import { useMemo, useState } from 'react';
import { Badge, Card, Chip, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import {
  QUICK_RANGES, productName, quickRange, zonedDate,
  type TClientActivityList, type TLanguage, type TQuickRange,
} from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useClientActivity } from '../api';
import { formatCount, formatDay } from '../format';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type TClientRow = TClientActivityList['clients'][number];
type TProductUse = TClientRow['products'][number];

/** /operator/usage and /partner/usage: per client and product, the last use and the counts over a range. */
export default function UsageStatusPage({ area }: { area: 'operator' | 'partner' }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const time = useDateTime();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [quick, setQuick] = useState<TQuickRange>('last_30_days');
  const [params, setParams] = useState({ q: '', page: 1 });
  const [query, setQuery] = useState('');
  const search = useDebouncedCallback((q: string) => setParams({ q: q.trim(), page: 1 }), SEARCH_DEBOUNCE_MS);
  const today = zonedDate(new Date(), time.timeZone);
  const range = useMemo(() => quickRange(quick, today), [quick, today]);
  const list = useClientActivity({ ...range, page: params.page, per_page: PER_PAGE, q: params.q || undefined });

  const lastUse = (u: TProductUse) => (u.last_at ? time.dateTime(u.last_at) : t('usage.never'));
  const counts = (u: TProductUse) => u.totals.map((c) => `${t(`usage.metric.${c.metric}`)} ${formatCount(c.count, language)}`).join(' · ');

  return (
    <Stack gap="md" maw={1200}>
      <Title order={2}>{t(`route.${area}_usage`)}</Title>
      <Group gap="sm" align="flex-end">
        <TextInput placeholder={t('usage.search')} aria-label={t('usage.search')} value={query} maw={360} w="100%"
          onChange={(e) => { setQuery(e.currentTarget.value); search(e.currentTarget.value); }} />
      </Group>
      <Chip.Group multiple={false} value={quick} onChange={(v) => { setQuick(v as TQuickRange); setParams((p) => ({ ...p, page: 1 })); }}>
        <Group gap="xs" role="radiogroup" aria-label={t('usage.term')}>
          {QUICK_RANGES.map((q) => <Chip key={q} value={q} size="sm">{t(`usage.quick.${q}`)}</Chip>)}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed">{t('usage.range', { from: formatDay(range.from, language), to: formatDay(range.to, language) })}</Text>
      <QueryState query={list} isEmpty={(d) => d.clients.length === 0} empty={t('usage.no_clients')}>
        {(data) => (
          <Stack gap="sm">
            {phone ? (
              <Stack gap="sm" role="list" aria-label={t(`route.${area}_usage`)}>
                {data.clients.map((c) => (
                  <Card key={c.client_uuid} withBorder radius="md" padding="md" role="listitem">
                    <Text fw={600} size="sm">{c.company_name}</Text>
                    {c.products.length === 0 ? <Text size="xs" c="dimmed">{t('usage.no_use')}</Text> : c.products.map((u) => (
                      <Stack key={u.product} gap={0} mt="xs">
                        <Group gap="xs"><Badge variant="light" tt="none">{productName(u.product)}</Badge><Text size="xs">{lastUse(u)}</Text></Group>
                        <Text size="xs" c="dimmed">{counts(u)}</Text>
                      </Stack>
                    ))}
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table striped verticalSpacing="sm" aria-label={t(`route.${area}_usage`)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('usage.company')}</Table.Th>
                    <Table.Th>{t('usage.product')}</Table.Th>
                    <Table.Th>{t('usage.last_use')}</Table.Th>
                    <Table.Th>{t('usage.counts')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.clients.flatMap((c) => (c.products.length === 0
                    ? [<Table.Tr key={c.client_uuid}><Table.Td>{c.company_name}</Table.Td><Table.Td colSpan={3}><Text size="sm" c="dimmed">{t('usage.no_use')}</Text></Table.Td></Table.Tr>]
                    : c.products.map((u, i) => (
                      <Table.Tr key={`${c.client_uuid}-${u.product}`}>
                        <Table.Td>{i === 0 ? c.company_name : ''}</Table.Td>
                        <Table.Td>{productName(u.product)}</Table.Td>
                        <Table.Td>{lastUse(u)}</Table.Td>
                        <Table.Td><Text size="sm">{counts(u)}</Text></Table.Td>
                      </Table.Tr>
                    ))))}
                </Table.Tbody>
              </Table>
            )}
            {data.total > PER_PAGE && (
              <Group justify="center"><Pagination total={Math.ceil(data.total / PER_PAGE)} value={params.page} onChange={(page) => setParams((p) => ({ ...p, page }))} /></Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
