import { Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPricedInvoice } from '@portal/proto';
import { useDateTime } from '../../../lib/datetime';
import { formatCalendarDate, formatMinor, formatRate } from '../format';

/**
 * The next invoice of a plan change (issue 11, slice C1): subtotal and tax per rate, the total in
 * the display currency and, outside Japan, the yen charged at the standard rate with its time.
 */
export function NextInvoice({ invoice }: { invoice: TPricedInvoice }) {
  const { t, i18n } = useTranslation();
  const format = useDateTime();
  const money = (minor: number) => formatMinor(minor, invoice.display_currency, i18n.language);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="next-invoice">
      <Stack gap="xs">
        <Text fw={600}>{t('tax_fx.invoice.title')}</Text>
        <Text size="sm" c="dimmed">{t('tax_fx.invoice.dated', { date: formatCalendarDate(invoice.invoice_date, i18n.language) })}</Text>
        <Table aria-label={t('tax_fx.invoice.title')}>
          <Table.Tbody>
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
                <Table.Td ta="right" fw={700} data-testid="next-invoice-charge">{formatMinor(invoice.charge_total_minor, 'JPY', i18n.language)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
        {invoice.fx && (
          <Text size="xs" c="dimmed">{t('tax_fx.invoice.fx_note', { rate: formatRate(invoice.fx.rate, i18n.language), time: format.dateTime(invoice.fx.applies_at) })}</Text>
        )}
        <Text size="xs" c="dimmed">{t('tax_fx.invoice.rounding')}</Text>
      </Stack>
    </Card>
  );
}
