import { Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFirstInvoice, TLanguage, TPricedInvoice } from '@portal/proto';
import { useDateTime } from '../../../lib/datetime';
import { formatBusinessDate, formatBusinessMonth, formatMoney } from '../format';

/**
 * The next invoice of a plan change (issue 11, slice C1, priced by billing): subtotal and tax per rate, the total in
 * the display currency and, outside Japan, the yen charged at the standard rate with its time.
 * Issue 22: with `first`, it is the first invoice of the change: its month and billing date (the
 * month's last day, as /billing/list shows it) and its lines, a per-plan initial cost explained.
 */
export function NextInvoice({ invoice, first }: { invoice: TPricedInvoice; first?: TFirstInvoice | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const format = useDateTime();
  const money = (minor: number) => formatMoney(minor, invoice.display_currency, language);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="next-invoice">
      <Stack gap="xs">
        <Text fw={600}>{t(first ? 'plans.first_invoice_title' : 'tax_fx.invoice.title')}</Text>
        {first ? (
          <Text size="sm" data-testid="first-invoice-date">
            {t('plans.first_invoice_dated', { month: formatBusinessMonth(first.month, language), date: formatBusinessDate(first.billing_date, language) })}
          </Text>
        ) : <Text size="sm" c="dimmed">{t('tax_fx.invoice.dated', { date: formatBusinessDate(invoice.invoice_date, language) })}</Text>}
        <Table aria-label={t(first ? 'plans.first_invoice_title' : 'tax_fx.invoice.title')}>
          <Table.Tbody>
            {first?.lines.map((l, i) => (
              <Table.Tr key={`line-${i}`} data-testid={`first-invoice-line-${l.kind}`}>
                <Table.Td>
                  <Text size="sm">{l.quantity > 1 ? t('plans.line_months', { name: l.name, amount: money(l.amount), quantity: l.quantity }) : l.name}</Text>
                  {l.kind === 'initial_cost_per_plan' && <Text size="xs" c="dimmed">{t('plans.per_plan_explained')}</Text>}
                </Table.Td>
                <Table.Td ta="right">{money(l.amount * l.quantity)}</Table.Td>
              </Table.Tr>
            ))}
            {invoice.per_rate.map((r) => (
              <Table.Tr key={r.rate}>
                <Table.Td>{t('tax_fx.invoice.subtotal_at', { rate: r.rate })}</Table.Td>
                <Table.Td ta="right">{money(r.subtotal_minor)}</Table.Td>
              </Table.Tr>
            ))}
            {invoice.per_rate.map((r) => (
              <Table.Tr key={`tax-${r.rate}`}>
                <Table.Td>{t('tax_fx.invoice.tax_at', { rate: r.rate })}</Table.Td>
                <Table.Td ta="right">{money(r.tax_minor)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>{t('tax_fx.invoice.total')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="next-invoice-total">{money(invoice.total_minor)}</Table.Td>
            </Table.Tr>
            {invoice.fx && (
              <Table.Tr>
                <Table.Td fw={700}>{t('tax_fx.invoice.charged')}</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="next-invoice-charge">{formatMoney(invoice.charge_total_minor, 'JPY', language)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {invoice.fx && (
          <Text size="xs" c="dimmed">{t('tax_fx.invoice.fx_note', { rate: invoice.fx.rate, time: format.dateTime(invoice.fx.applies_at) })}</Text>
        )}
        <Text size="xs" c="dimmed">{t('tax_fx.invoice.rounding')}</Text>
      </Stack>
    </Card>
  );
}
