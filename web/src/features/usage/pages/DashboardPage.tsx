import { useMemo, useState } from 'react';
import { Alert, Card, Chip, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  KNOWN_DIMENSION_VALUES, OS_NAMES, QUICK_RANGES, USAGE_TERMS, USAGE_UNITS, productName, quickRange, termRange, zonedDate, type TUsageDimension,
  type TDashboardProduct, type TLanguage, type TQuickRange, type TUsageChart, type TUsageMessage, type TUsageTerm, type TUsageUnit,
} from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useDashboard } from '../api';
import { UsageChart, periodRows } from '../components/UsageChart';
import { OTHER_KEY, formatCount, formatDay, groupSmallSlices } from '../format';

type TRangeChoice = { kind: 'term'; term: TUsageTerm } | { kind: 'quick'; quick: TQuickRange };

const MESSAGE_COLOR: Record<TUsageMessage, string> = {
  no_tracking_code: 'blue', not_logged_in: 'blue', limit_reached: 'orange', db_api_normal: 'green', db_api_limited: 'red',
};
const DEFAULT_UNIT: Record<TUsageTerm, TUsageUnit> = { latest: 'day', month_1: 'day', month_3: 'week', month_6: 'week', year_1: 'month' };

function chartTitle(chart: TUsageChart, t: (key: string, o?: Record<string, string>) => string): string {
  const metric = t(`usage.metric.${chart.metric}`);
  return chart.dimension ? t('usage.by_dimension', { metric, dimension: t(`usage.dimension.${chart.dimension}`) }) : metric;
}

/** A slice's label: "other", a known value in the UI language, an OS by its proper name, else the product's own label. */
function sliceLabel(dimension: TUsageDimension, value: string, t: (key: string) => string): string {
  if (value === OTHER_KEY) return t('usage.other');
  const known: Partial<Record<TUsageDimension, readonly string[]>> = KNOWN_DIMENSION_VALUES;
  if (known[dimension]?.includes(value)) return t(`usage.value.${dimension}.${value}`);
  if (dimension === 'os') return OS_NAMES[value.toLowerCase()] ?? value;
  return value;
}

/** /logs/{service}: one product's usage over a term or quick range, in day, week or month buckets. */
export default function DashboardPage({ product }: { product: TDashboardProduct }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const time = useDateTime();
  const [choice, setChoice] = useState<TRangeChoice>({ kind: 'term', term: 'month_1' });
  const [unit, setUnit] = useState<TUsageUnit>('day');
  // "Today" is the date in the region's zone, as the server buckets days.
  const today = zonedDate(new Date(), time.timeZone);
  const range = useMemo(() => (choice.kind === 'term' ? termRange(choice.term, today) : quickRange(choice.quick, today)), [choice, today]);
  const dashboard = useDashboard(product, { ...range, unit });
  const selected = choice.kind === 'term' ? choice.term : choice.quick;

  function choose(value: string) {
    if ((USAGE_TERMS as readonly string[]).includes(value)) {
      const term = value as TUsageTerm;
      setChoice({ kind: 'term', term });
      setUnit(DEFAULT_UNIT[term]);
    } else {
      setChoice({ kind: 'quick', quick: value as TQuickRange });
      setUnit('day');
    }
  }

  return (
    <Stack gap="md" maw={1200}>
      <div>
        <Title order={2}>{t('usage.title', { product: productName(product) })}</Title>
        <Text size="sm" c="dimmed" role="note">
          {dashboard.data?.freshness.newest_applied_at
            ? t('usage.not_realtime', { time: time.dateTime(dashboard.data.freshness.newest_applied_at) })
            : t('usage.not_realtime_none')}
        </Text>
      </div>

      <Card withBorder padding="sm">
        <Stack gap="xs">
          <Text size="xs" c="dimmed" id="usage-term-label">{t('usage.term')}</Text>
          <Chip.Group multiple={false} value={selected} onChange={choose}>
            <Group gap="xs" aria-labelledby="usage-term-label" role="radiogroup">
              {USAGE_TERMS.map((term) => <Chip key={term} value={term} size="sm">{t(`usage.terms.${term}`)}</Chip>)}
              {QUICK_RANGES.map((quick) => <Chip key={quick} value={quick} size="sm" variant="outline">{t(`usage.quick.${quick}`)}</Chip>)}
            </Group>
          </Chip.Group>
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('usage.range', { from: formatDay(range.from, language), to: formatDay(range.to, language) })}</Text>
            <SegmentedControl size="xs" value={unit} onChange={(v) => setUnit(v as TUsageUnit)} aria-label={t('usage.unit')}
              data={USAGE_UNITS.map((u) => ({ value: u, label: t(`usage.units.${u}`) }))} />
          </Group>
        </Stack>
      </Card>

      <QueryState query={dashboard}>
        {(data) => (
          <Stack gap="md">
            {data.messages.map((m) => (
              <Alert key={m} color={MESSAGE_COLOR[m]} title={t(`usage.message.${m}.title`)}>{t(`usage.message.${m}.body`)}</Alert>
            ))}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <UsageChart title={t('usage.distinct_users')} kind="line" keyLabel={t('usage.period')} language={language}
                rows={periodRows(data.distinct_users.points, data.unit, language)}
                note={t('usage.distinct_note', { total: formatCount(data.distinct_users.total, language), error: formatCount(Math.round(data.distinct_users.relative_error * 1000) / 10, language) })} />
              {data.charts.map((chart) => (
                <UsageChart key={`${chart.metric}-${chart.kind}-${chart.dimension ?? ''}`} title={chartTitle(chart, t)} kind={chart.kind} language={language}
                  keyLabel={chart.dimension ? t(`usage.dimension.${chart.dimension}`) : t('usage.period')}
                  rows={chart.kind === 'donut'
                    ? groupSmallSlices(chart.slices).map((s) => ({ label: sliceLabel(chart.dimension ?? 'device', s.value, t), count: s.count }))
                    : periodRows(chart.points, data.unit, language)} />
              ))}
            </SimpleGrid>
            {data.top_pages && (
              <Card withBorder padding="md" radius="md">
                <Text fw={600} size="sm" mb="xs">{t('usage.top_pages')}</Text>
                {data.top_pages.length === 0 ? <Text size="sm" c="dimmed">{t('usage.no_data')}</Text> : (
                  <Table striped aria-label={t('usage.top_pages')} fz="sm" layout="fixed">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w={40}>#</Table.Th>
                        <Table.Th>{t('usage.page')}</Table.Th>
                        <Table.Th w={90} ta="right">{t('usage.views')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.top_pages.map((p, i) => (
                        <Table.Tr key={p.url}>
                          <Table.Td>{i + 1}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>
                            <Text size="sm">{p.title || p.url}</Text>
                            {p.title && <Text size="xs" c="dimmed">{p.url}</Text>}
                          </Table.Td>
                          <Table.Td ta="right">{formatCount(p.views, language)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
