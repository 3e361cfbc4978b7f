import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REGIONS, TAX_CATEGORIES, ZTaxRateCreate, type TTaxCategory, type TTaxCountry, type TTaxRateView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAddTaxRate, useTaxRates, useWithdrawTaxRate } from '../api';
import { CATEGORY_LABEL, STATUS_COLOR, STATUS_LABEL, countryName, formatCalendarDate } from '../format';

/**
 * The operator's tax rates (spec §3 "Tax rate: country, rate, applied date, history", §9 one
 * decimal place): every country's rates with their history, newest first, marked past, in force or
 * scheduled. A new rate applies from a date after today in Japan time, so invoices already issued
 * keep their rates; a scheduled rate may be withdrawn, the others stay as history.
 */
export default function TaxRatesPage() {
  const { t, i18n } = useTranslation();
  const format = useDateTime();
  const [country, setCountry] = useState<TTaxCountry | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<TTaxRateView | null>(null);
  const list = useTaxRates({ country });
  const withdraw = useWithdrawTaxRate();
  const date = (d: string) => formatCalendarDate(d, i18n.language);

  async function confirmWithdraw(row: TTaxRateView) {
    try {
      await withdraw.mutateAsync({ id: row.id });
      toast(t('tax_fx.withdrawn'), 'success');
    } catch {
      // The api client showed the refusal; the list is read again.
    }
    setWithdrawing(null);
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_tax_rates')}</Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>{t('tax_fx.tax_help')}</Text>
          <Text size="sm" mt={4} maw={760} fw={500}>{t('tax_fx.rate_rule')}</Text>
        </div>
        <Button onClick={() => setAdding(true)}>{t('tax_fx.add_tax')}</Button>
      </Group>
      <Select label={t('tax_fx.country')} placeholder={t('tax_fx.all_countries')} clearable w={{ base: '100%', xs: 260 }} value={country ?? null}
        data={REGIONS.map((c) => ({ value: c, label: countryName(c, i18n.language, t) }))} onChange={(v) => setCountry((v ?? undefined) as TTaxCountry | undefined)} />
      <QueryState query={list} isEmpty={(data) => data.rates.length === 0} empty={t('tax_fx.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label={t('route.operator_tax_rates')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('tax_fx.country')}</Table.Th>
                    <Table.Th>{t('tax_fx.category')}</Table.Th>
                    <Table.Th ta="right">{t('tax_fx.rate')}</Table.Th>
                    <Table.Th>{t('tax_fx.applies_from')}</Table.Th>
                    <Table.Th>{t('tax_fx.status')}</Table.Th>
                    <Table.Th>{t('tax_fx.added_at')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rates.map((row) => (
                    <Table.Tr key={row.id} data-testid={`tax-row-${row.country}-${row.category}-${row.applies_from}`}>
                      <Table.Td>{countryName(row.country, i18n.language, t)}</Table.Td>
                      <Table.Td>{t(CATEGORY_LABEL[row.category])}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{t('tax_fx.percent', { rate: row.rate })}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(row.applies_from)}</Table.Td>
                      <Table.Td><Badge variant="light" color={STATUS_COLOR[row.status]}>{t(STATUS_LABEL[row.status])}</Badge></Table.Td>
                      <Table.Td><Text size="sm">{format.dateTime(row.created_at)}</Text></Table.Td>
                      <Table.Td ta="right">
                        {row.status === 'scheduled' && (
                          <Button size="xs" variant="light" color="red" onClick={() => setWithdrawing(row)}>{t('tax_fx.withdraw')}</Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </QueryState>
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('tax_fx.add_tax')}>
        {adding && <TaxRateForm country={country} earliest={list.data?.earliest_new ?? null} onDone={() => setAdding(false)} />}
      </Modal>
      <Modal opened={withdrawing !== null} onClose={() => setWithdrawing(null)} title={t('tax_fx.withdraw')}>
        {withdrawing && (
          <Stack gap="md">
            <Text size="sm">{t('tax_fx.withdraw_confirm', {
              country: countryName(withdrawing.country, i18n.language, t), rate: withdrawing.rate, date: date(withdrawing.applies_from),
            })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWithdrawing(null)}>{t('tax_fx.cancel')}</Button>
              <Button color="red" loading={withdraw.isPending} onClick={() => void confirmWithdraw(withdrawing)}>{t('tax_fx.withdraw')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** A new rate: country, category, rate with one decimal place, and the date it applies from (after today). */
function TaxRateForm({ country, earliest, onDone }: { country: TTaxCountry | undefined; earliest: string | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<{ country: TTaxCountry; category: TTaxCategory; rate: string; applies_from: string }>(
    { country: country ?? 'jpn', category: 'standard', rate: '', applies_from: earliest ?? '' });
  const form = useFormErrors();
  const add = useAddTaxRate();
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function save() {
    form.reset();
    const checked = validate(ZTaxRateCreate, draft);
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await add.mutateAsync(checked.data);
      toast(t('tax_fx.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select label={t('tax_fx.country')} required allowDeselect={false} value={draft.country} error={form.error('country')}
          data={REGIONS.map((c) => ({ value: c, label: countryName(c, i18n.language, t) }))} onChange={(v) => v && set({ country: v as TTaxCountry })} />
        <Select label={t('tax_fx.category')} required allowDeselect={false} value={draft.category} error={form.error('category')}
          data={TAX_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_LABEL[c]) }))} onChange={(v) => v && set({ category: v as TTaxCategory })} />
        <TextInput label={t('tax_fx.rate')} required inputMode="decimal" description={t('tax_fx.rate_hint')} value={draft.rate}
          onChange={(e) => set({ rate: e.currentTarget.value })} error={form.error('rate')} rightSection="%" />
        <TextInput label={t('tax_fx.applies_from')} required type="date" min={earliest ?? undefined} value={draft.applies_from}
          description={earliest ? t('tax_fx.earliest', { date: formatCalendarDate(earliest, i18n.language) }) : undefined}
          onChange={(e) => set({ applies_from: e.currentTarget.value })} error={form.error('applies_from')} />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('tax_fx.cancel')}</Button>
        <Button loading={add.isPending} onClick={() => void save()}>{t('tax_fx.add')}</Button>
      </Group>
    </Stack>
  );
}
