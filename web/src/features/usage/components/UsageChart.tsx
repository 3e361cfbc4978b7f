import { Suspense, lazy, useState } from 'react';
import { Button, Card, Group, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLanguage, TUsageUnit } from '@portal/proto';
import { formatCount, formatPeriod } from '../format';

/** apexcharts (~230 KB gzip even with only line, bar and donut) is a widget chunk of its own. */
const ApexChart = lazy(() => import('./ApexChart'));

export interface ChartRow { readonly label: string; readonly count: number }

interface Props {
  title: string;
  kind: 'line' | 'bar' | 'donut';
  rows: readonly ChartRow[];
  /** What the table's first column holds (period or the dimension). */
  keyLabel: string;
  /** A note under the table (the distinct-user estimate's error). */
  note?: string;
  language: TLanguage;
}

/**
 * One chart with its table: the chart is decoration for sighted users (aria-hidden); the same
 * numbers are a table that screen readers always read, and anyone can show with "Table".
 */
export function UsageChart({ title, kind, rows, keyLabel, note, language }: Props) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const labels = rows.map((r) => r.label);
  const counts = rows.map((r) => r.count);
  const format = (n: number) => formatCount(n, language);
  const table = (
    <Table striped aria-label={title} fz="sm">
      {note && <Table.Caption>{note}</Table.Caption>}
      <Table.Thead><Table.Tr><Table.Th>{keyLabel}</Table.Th><Table.Th ta="right">{t('usage.count')}</Table.Th></Table.Tr></Table.Thead>
      <Table.Tbody>
        {rows.map((r) => <Table.Tr key={r.label}><Table.Td>{r.label}</Table.Td><Table.Td ta="right">{format(r.count)}</Table.Td></Table.Tr>)}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">{title}</Text>
        <Button size="compact-xs" variant="subtle" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('usage.show_chart') : t('usage.show_table')}
        </Button>
      </Group>
      {rows.length === 0 ? <Text size="sm" c="dimmed">{t('usage.no_data')}</Text> : asTable ? table : (
        <>
          <div aria-hidden="true" data-testid="usage-chart">
            <Suspense fallback={<Skeleton height={kind === 'donut' ? 260 : 240} />}>
              <ApexChart kind={kind} title={title} labels={labels} counts={counts} format={format} />
            </Suspense>
          </div>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Card>
  );
}

/** Labels of a series' points. */
export const periodRows = (points: readonly { period: string; count: number }[], unit: TUsageUnit, language: TLanguage): ChartRow[] =>
  points.map((p) => ({ label: formatPeriod(p.period, unit, language), count: p.count }));
