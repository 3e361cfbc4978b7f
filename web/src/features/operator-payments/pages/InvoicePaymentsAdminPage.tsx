import { useState } from 'react';
import { Badge, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OPERATOR_INVOICE_STATES, REGIONS, type TLanguage, type TOperatorInvoiceRow, type TOperatorInvoiceState, type TRegion } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { METHOD_LABEL } from '../../../components/bank-request/RequestSummary';
import { formatBusinessDate, formatMoney, formatMonth } from '../../invoices';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useManualInvoices, useRecordPayment } from '../api';

const PER_PAGE = 20;
const STATE_LABEL: Record<TOperatorInvoiceState, string> = {
  open: 'invoice_payments.state_open', unpaid: 'invoice_payments.state_unpaid', overdue: 'invoice_payments.state_overdue', paid: 'invoice_payments.state_paid',
};

/** An invoice's status in words: overdue (failed by the sweep) says so. */
function statusLabel(row: TOperatorInvoiceRow): string {
  return row.overdue ? 'invoices.overdue' : `invoices.status_${row.status}`;
}

/** Today in Tokyo, YYYY-MM-DD: only the date field's starting value (the server judges the date by its clock). */
function tokyoToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * /operator/invoice_payments (issue 23): invoices of bank-transfer and direct-debit clients in every
 * region (or one), by month and state. The operator records a transfer seen on the bank statement,
 * or a direct debit's result, in full: the client is mailed and the invoice is paid (its receipt too).
 */
export default function InvoicePaymentsAdminPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const [query, setQuery] = useState<{ state: TOperatorInvoiceState; region?: TRegion; month?: string; page: number }>({ state: 'open', page: 1 });
  const [month, setMonth] = useState('');
  const list = useManualInvoices({ ...query, per_page: PER_PAGE });
  const [open, setOpen] = useState<TOperatorInvoiceRow | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_invoice_payments')}</Title>
        <Text size="sm" c="dimmed">{t('invoice_payments.help')}</Text>
      </div>
      <Group align="flex-end">
        <SegmentedControl
          value={query.state}
          onChange={(state) => setQuery({ ...query, state: state as TOperatorInvoiceState, page: 1 })}
          data={OPERATOR_INVOICE_STATES.map((s) => ({ value: s, label: t(STATE_LABEL[s]) }))}
        />
        <Select
          label={t('invoice_payments.region')} w={200} allowDeselect={false}
          value={query.region ?? 'all'}
          data={[{ value: 'all', label: t('invoice_payments.all_regions') }, ...REGIONS.map((r) => ({ value: r, label: t(`catalogue.region_${r}`) }))]}
          onChange={(v) => setQuery({ ...query, region: !v || v === 'all' ? undefined : (v as TRegion), page: 1 })}
        />
        <TextInput
          label={t('invoice_payments.month')} placeholder="YYYY-MM" w={140} value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          onBlur={() => setQuery({ ...query, month: /^\d{4}-(0[1-9]|1[0-2])$/.test(month.trim()) ? month.trim() : undefined, page: 1 })}
        />
      </Group>
      <QueryState query={list} isEmpty={(d) => d.invoices.length === 0} empty={t('invoice_payments.empty')}>
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={800}>
              <Table striped verticalSpacing="sm" aria-label={t('route.operator_invoice_payments')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invoice_payments.company')}</Table.Th>
                    <Table.Th>{t('invoice_payments.number')}</Table.Th>
                    <Table.Th>{t('invoices.month')}</Table.Th>
                    <Table.Th>{t('invoices.amount')}</Table.Th>
                    <Table.Th>{t('invoices.billing_date')}</Table.Th>
                    <Table.Th>{t('invoices.status')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.invoices.map((r) => (
                    <Table.Tr key={r.id} data-testid={`invoice-payment-${r.id}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>{r.company_name}</Text>
                        <Text size="xs" c="dimmed">{t(`catalogue.region_${r.region}`)} · {t(METHOD_LABEL[r.payment_method])}</Text>
                      </Table.Td>
                      <Table.Td>{r.number}</Table.Td>
                      <Table.Td>{formatMonth(r.month, language)}</Table.Td>
                      <Table.Td>{formatMoney(r.charge_total_minor, r.charge_currency, language)}</Table.Td>
                      <Table.Td>{formatBusinessDate(r.billing_date, language)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={r.status === 'paid' ? 'teal' : r.overdue ? 'red' : 'orange'}>{t(statusLabel(r))}</Badge>
                        {r.paid_on && <Text size="xs" c="dimmed">{t('invoice_payments.paid_on', { date: formatBusinessDate(r.paid_on, language) })}</Text>}
                      </Table.Td>
                      <Table.Td>
                        {r.status !== 'paid' && <Button size="xs" variant="light" onClick={() => setOpen(r)}>{t('invoice_payments.record')}</Button>}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter summary={t('operator_payments.total', { total: data.total })} pages={pageCount(data.total, PER_PAGE)} page={query.page} onPage={(page) => setQuery({ ...query, page })} />
          </Stack>
        )}
      </QueryState>
      {open && <RecordDialog invoice={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** Confirms one payment in full: the amount received (the invoice's total to start with) and the date on the statement. */
function RecordDialog({ invoice, onClose }: { invoice: TOperatorInvoiceRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const record = useRecordPayment();
  const form = useFormErrors();
  const [receivedOn, setReceivedOn] = useState(tokyoToday);
  const [amount, setAmount] = useState<number | string>(invoice.charge_total_minor);
  const total = formatMoney(invoice.charge_total_minor, invoice.charge_currency, language);

  async function onConfirm() {
    form.reset();
    try {
      await record.mutateAsync({ region: invoice.region, id: invoice.id, received_on: receivedOn, amount_minor: Number(amount) });
      toast(t('invoice_payments.recorded', { number: invoice.number, company: invoice.company_name }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('invoice_payments.record_title')} centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <Text size="sm">{t('invoice_payments.confirm', { company: invoice.company_name, number: invoice.number, amount: total })}</Text>
        <NumberInput
          label={t('invoice_payments.amount_received')} description={t('invoice_payments.full_only', { amount: total })} required
          value={amount} onChange={setAmount} min={0} allowDecimal={false} thousandSeparator="," error={form.error('amount_minor')}
        />
        <TextInput
          type="date" label={t('invoice_payments.received_on')} required value={receivedOn}
          onChange={(e) => setReceivedOn(e.currentTarget.value)} error={form.error('received_on') ?? form.error('id')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={record.isPending} onClick={() => void onConfirm()}>{t('invoice_payments.record')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
