import { useState } from 'react';
import { Badge, Button, Card, Group, NativeSelect, Pagination, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime, INVOICE_STATUSES, invoiceYearAt, productName, REGION_PROFILES, type TInvoiceRow, type TLanguage, type TNextInvoice, type TUnpaidInvoice } from '@portal/proto';
import { EmptyState, QueryState } from '../../../components/QueryState';
import { toast } from '../../../lib/toast';
import { invoiceZipUrl, useInvoiceCsv, useInvoiceList, useInvoicePayNow, useInvoicePdf, useReceiptPdf } from '../api';
import { formatBusinessDate, formatMoney, formatMonth } from '../format';
import { saveFile } from '../../../lib/save-file';

const PER_PAGE = 20;
/** Billing dates and the rate instant are Japan time everywhere (services/common/src/rates.ts). */
const BUSINESS_TIME_ZONE = REGION_PROFILES.jpn.timeZone;
const STATUS_COLOR: Record<TInvoiceRow['status'], string> = { scheduled: 'blue', billed: 'yellow', paid: 'green', failed: 'red', other: 'gray' };

function Amount({ total, currency, charge, chargeCurrency, language }: { total: number; currency: TInvoiceRow['currency']; charge: number; chargeCurrency: TInvoiceRow['currency']; language: TLanguage }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Text size="sm">{formatMoney(total, currency, language)}</Text>
      {currency !== chargeCurrency && <Text size="xs" c="dimmed">{t('invoices.charged_as', { amount: formatMoney(charge, chargeCurrency, language) })}</Text>}
    </Stack>
  );
}

/** Issue 23: the next invoice to be issued, scheduled, with its lines, its tax per rate and the instant of its rates. */
function NextInvoice({ next, language }: { next: TNextInvoice | null; language: TLanguage }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" aria-label={t('invoices.next_title')}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('invoices.next_title')}</Text>
        {next && <Badge color={STATUS_COLOR.scheduled} variant="light">{t('invoices.next_status')}</Badge>}
      </Group>
      {next ? (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stack gap={0}><Text size="xs" c="dimmed">{t('invoices.month')}</Text><Text size="sm">{formatMonth(next.month, language)}</Text></Stack>
            <Stack gap={0}><Text size="xs" c="dimmed">{t('invoices.billing_date')}</Text><Text size="sm">{formatBusinessDate(next.billing_date, language)}</Text></Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('invoices.subtotal_and_tax')}</Text>
              <Text size="sm">{formatMoney(next.subtotal_minor, next.currency, language)} + {formatMoney(next.tax_minor, next.currency, language)}</Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">{t('invoices.total')}</Text>
              <Amount total={next.total_minor} currency={next.currency} charge={next.charge_total_minor} chargeCurrency={next.charge_currency} language={language} />
            </Stack>
          </SimpleGrid>
          <Table verticalSpacing={4} aria-label={t('invoices.lines')}>
            <Table.Tbody>
              {next.lines.map((line, i) => (
                <Table.Tr key={`${line.kind}-${line.product}-${i}`}>
                  <Table.Td>
                    <Text size="sm">{line.name[language] ?? line.name['en-us'] ?? productName(line.product)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('invoices.line_period', { from: formatBusinessDate(line.period_from, language), to: formatBusinessDate(line.period_to, language) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {line.kind === 'penalty' && <Text size="xs" c="dimmed">{t('invoices.line_months', { amount: formatMoney(line.unit_amount_minor, next.currency, language), count: line.quantity })}</Text>}
                    <Text size="sm">{formatMoney(line.amount_minor, next.currency, language)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {next.per_rate.map((r) => (
                <Table.Tr key={r.rate}>
                  <Table.Td><Text size="sm" c="dimmed">{t('invoices.tax_at', { rate: r.rate })}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{formatMoney(r.tax_minor, next.currency, language)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">{t('invoices.rates_at', { time: formatDateTime(next.rate_instant, { language, timeZone: BUSINESS_TIME_ZONE }) })}</Text>
        </Stack>
      ) : <Text size="sm" c="dimmed">{t('invoices.next_none')}</Text>}
      <Text size="xs" c="dimmed" mt="xs">{t('invoices.schedule_rule')}</Text>
    </Card>
  );
}

/** Issue 23: issued invoices not paid yet, overdue ones marked, each with how to pay it now. */
function UnpaidInvoices({ unpaid, transferAccount, language }: { unpaid: TUnpaidInvoice[]; transferAccount: string | null; language: TLanguage }) {
  const { t } = useTranslation();
  const payNow = useInvoicePayNow();
  if (unpaid.length === 0) return null;

  async function pay(row: TUnpaidInvoice) {
    try {
      const result = await payNow.mutateAsync({ id: row.id });
      if (result.paid) toast(t('invoices.pay_now_paid', { number: row.number }), 'success');
      else toast(t('invoices.pay_now_declined'), 'error');
    } catch {
      // The api client has shown the refusal.
    }
  }

  return (
    <Card withBorder padding="md" aria-label={t('invoices.unpaid_title')}>
      <Text fw={600} mb="xs">{t('invoices.unpaid_title')}</Text>
      <Stack gap="sm" role="list">
        {unpaid.map((row) => (
          <Group key={row.id} justify="space-between" align="flex-start" role="listitem" wrap="wrap">
            <div>
              <Group gap="xs">
                <Text size="sm" fw={500}>{formatMonth(row.month, language)}</Text>
                <Badge color={STATUS_COLOR[row.status]} variant="light">{t(`invoices.status_${row.status}`)}</Badge>
                {row.overdue && <Badge color="red" variant="filled">{t('invoices.overdue')}</Badge>}
              </Group>
              <Text size="xs" c="dimmed" ff="monospace">{row.number}</Text>
              <Text size="xs" c="dimmed">{t('invoices.due_on', { date: formatBusinessDate(row.billing_date, language) })}</Text>
              <Amount total={row.total_minor} currency={row.currency} charge={row.charge_total_minor} chargeCurrency={row.charge_currency} language={language} />
            </div>
            {row.pay_action === 'retry_card' && (
              <Button size="xs" loading={payNow.isPending && payNow.variables?.id === row.id} onClick={() => void pay(row)}>{t('invoices.pay_now')}</Button>
            )}
            {row.pay_action === 'bank_transfer' && transferAccount && (
              <Text size="sm" maw={420}>{t('invoices.transfer_to', { amount: formatMoney(row.charge_total_minor, row.charge_currency, language), account: transferAccount })}</Text>
            )}
            {row.pay_action === 'none' && !row.overdue && row.status === 'scheduled' && <Text size="xs" c="dimmed">{t('invoices.awaiting_charge')}</Text>}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /billing/list: the next invoice, the unpaid ones (issue 23), then the invoice history with a PDF per invoice. */
export default function InvoiceListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const [page, setPage] = useState(1);
  // Issue 23: the history filtered by year (of the billing month) and status; the CSV lists what is filtered.
  const [year, setYear] = useState<number | undefined>(undefined);
  const [status, setStatus] = useState<TInvoiceRow['status'] | undefined>(undefined);
  const list = useInvoiceList({ page, per_page: PER_PAGE, year, status });
  const pdf = useInvoicePdf();
  const receipt = useReceiptPdf();
  const csv = useInvoiceCsv();
  // The business year (Asia/Tokyo), not the year of the browser's own zone: on 31 December 16:00 UTC it is already next year's invoices.
  const thisYear = invoiceYearAt(Date.now());
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i);

  async function download(row: TInvoiceRow, kind: 'invoice' | 'receipt' = 'invoice') {
    try {
      const file = await (kind === 'receipt' ? receipt : pdf).mutateAsync({ id: row.id });
      const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
      saveFile({ ...file, content: bytes });
      toast(t(kind === 'receipt' ? 'invoices.receipt_downloaded' : 'invoices.downloaded', { number: row.number }), 'success');
    } catch {
      // The api client has shown the refusal; the page stays as it was.
    }
  }

  async function downloadCsv() {
    try {
      const file = await csv.mutateAsync({ year, status });
      saveFile({ ...file, content: Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) });
    } catch {
      // Shown by the api client.
    }
  }

  const receiptButton = (row: TInvoiceRow) => row.status === 'paid' && (
    <Button size="xs" variant="subtle" loading={receipt.isPending && receipt.variables?.id === row.id} onClick={() => void download(row, 'receipt')}>
      {t('invoices.receipt')}
    </Button>
  );

  // At phone width each invoice is a card, the way the user list and the operation log do it.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('route.billing_list')}</Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect label={t('invoices.filter_year')} value={year ? String(year) : ''} w={{ base: '100%', sm: 160 }}
          data={[{ value: '', label: t('invoices.filter_all_years') }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
          onChange={(e) => { setYear(e.currentTarget.value ? Number(e.currentTarget.value) : undefined); setPage(1); }} />
        <NativeSelect label={t('invoices.filter_status')} value={status ?? ''} w={{ base: '100%', sm: 180 }}
          data={[{ value: '', label: t('invoices.filter_all_statuses') }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices.status_${s}`) }))]}
          onChange={(e) => { setStatus((e.currentTarget.value || undefined) as TInvoiceRow['status'] | undefined); setPage(1); }} />
        <Button variant="default" loading={csv.isPending} onClick={() => void downloadCsv()}>{t('invoices.csv')}</Button>
        {year && <Button component="a" variant="default" href={invoiceZipUrl(year)} download>{t('invoices.zip', { year })}</Button>}
      </Group>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="md">
            <NextInvoice next={data.next} language={language} />
            <UnpaidInvoices unpaid={data.unpaid} transferAccount={data.transfer_account} language={language} />
            {data.invoices.length === 0 ? <EmptyState>{t('invoices.empty')}</EmptyState> : phone ? (
              <Stack gap="sm" role="list" aria-label={t('route.billing_list')}>
                {data.invoices.map((row) => (
                  <Card key={row.id} withBorder radius="md" padding="md" role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div>
                        <Text size="sm" fw={500}>{formatMonth(row.month, language)}</Text>
                        <Text size="xs" c="dimmed">{row.products.map(productName).join(', ')}</Text>
                      </div>
                      <Badge color={STATUS_COLOR[row.status]} variant="light">{t(`invoices.status_${row.status}`)}</Badge>
                    </Group>
                    <Group justify="space-between" mt="sm" align="flex-end" wrap="nowrap">
                      <div>
                        <Text size="xs" c="dimmed" ff="monospace">{row.number}</Text>
                        <Text size="xs" c="dimmed">{formatBusinessDate(row.issued_on, language)}</Text>
                        <Amount total={row.total_minor} currency={row.currency} charge={row.charge_total_minor} chargeCurrency={row.charge_currency} language={language} />
                      </div>
                      <Group gap={4}>
                        {receiptButton(row)}
                        <Button size="xs" variant="light" loading={pdf.isPending && pdf.variables?.id === row.id} onClick={() => void download(row)}>
                          {t('invoices.pdf')}
                        </Button>
                      </Group>
                    </Group>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm" aria-label={t('route.billing_list')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('invoices.id')}</Table.Th>
                      <Table.Th>{t('invoices.date')}</Table.Th>
                      <Table.Th>{t('invoices.summary')}</Table.Th>
                      <Table.Th>{t('invoices.amount')}</Table.Th>
                      <Table.Th>{t('invoices.status')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.invoices.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td><Text size="sm" ff="monospace">{row.number}</Text></Table.Td>
                        <Table.Td>{formatBusinessDate(row.issued_on, language)}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatMonth(row.month, language)}</Text>
                          <Text size="xs" c="dimmed">{row.products.map(productName).join(', ')}</Text>
                        </Table.Td>
                        <Table.Td><Amount total={row.total_minor} currency={row.currency} charge={row.charge_total_minor} chargeCurrency={row.charge_currency} language={language} /></Table.Td>
                        <Table.Td><Badge color={STATUS_COLOR[row.status]} variant="light">{t(`invoices.status_${row.status}`)}</Badge></Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button size="xs" variant="light" loading={pdf.isPending && pdf.variables?.id === row.id} onClick={() => void download(row)}>
                              {t('invoices.pdf')}
                            </Button>
                            {receiptButton(row)}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {data.total > PER_PAGE && (
              <Group justify="center"><Pagination total={Math.ceil(data.total / PER_PAGE)} value={page} onChange={setPage} /></Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
