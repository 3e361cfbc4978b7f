import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZFxRateCreate, zonedDayStart, type TFxRateView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAddFxRate, useFxRates, useWithdrawFxRate } from '../api';
import { STATUS_COLOR, STATUS_LABEL, formatRate } from '../format';

/** "2026-12-01T09:30" typed in the host's zone → the instant (ISO 8601), or undefined when empty. */
export function zonedInputToIso(value: string, timeZone: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return value ? value : undefined;
  return new Date(zonedDayStart(m[1]!, timeZone).getTime() + (Number(m[2]) * 60 + Number(m[3])) * 60_000).toISOString();
}

/**
 * The operator's standard USD→JPY rate (spec §1: overseas clients see USD and are charged yen at
 * the stored standard rate, with the rate's time on the invoice): the rate in force, its history,
 * and a new rate from now or from a later time (never backdated, so issued invoices keep theirs).
 */
export default function FxRatesPage() {
  const { t, i18n } = useTranslation();
  const format = useDateTime();
  const list = useFxRates();
  const withdraw = useWithdrawFxRate();
  const [withdrawing, setWithdrawing] = useState<TFxRateView | null>(null);

  async function confirmWithdraw(row: TFxRateView) {
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
      <div>
        <Title order={2}>{t('route.operator_fx_rates')}</Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>{t('tax_fx.fx_help')}</Text>
        <Text size="sm" mt={4} maw={760} fw={500}>{t('tax_fx.rate_rule')}</Text>
      </div>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="lg" data-testid="fx-current">
                <Text size="sm" c="dimmed">{t('tax_fx.fx_current')}</Text>
                {data.current ? (
                  <>
                    <Text fz={28} fw={700} mt={4}>{t('tax_fx.fx_per_usd', { rate: formatRate(data.current.rate, i18n.language) })}</Text>
                    <Text size="sm" c="dimmed">{t('tax_fx.fx_since', { time: format.dateTime(data.current.applies_at) })}</Text>
                  </>
                ) : <Text mt={4}>{t('tax_fx.fx_none')}</Text>}
              </Card>
              <Card withBorder radius="md" padding="lg"><FxRateForm /></Card>
            </SimpleGrid>
            {data.rates.length === 0 ? <Text c="dimmed">{t('tax_fx.fx_empty')}</Text> : (
              <Card padding={0}>
                <Table.ScrollContainer minWidth={560}>
                  <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover aria-label={t('tax_fx.fx_history')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th ta="right">{t('tax_fx.fx_rate')}</Table.Th>
                        <Table.Th>{t('tax_fx.fx_applies_at')}</Table.Th>
                        <Table.Th>{t('tax_fx.status')}</Table.Th>
                        <Table.Th>{t('tax_fx.added_at')}</Table.Th>
                        <Table.Th />
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.rates.map((row) => (
                        <Table.Tr key={row.id} data-testid={`fx-row-${row.rate}`}>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{t('tax_fx.fx_per_usd', { rate: formatRate(row.rate, i18n.language) })}</Table.Td>
                          <Table.Td><Text size="sm">{format.dateTime(row.applies_at)}</Text></Table.Td>
                          <Table.Td><Badge variant="light" color={STATUS_COLOR[row.status]}>{t(STATUS_LABEL[row.status])}</Badge></Table.Td>
                          <Table.Td><Text size="sm">{format.dateTime(row.created_at)}</Text></Table.Td>
                          <Table.Td ta="right">
                            {row.status === 'scheduled' && <Button size="xs" variant="light" color="red" onClick={() => setWithdrawing(row)}>{t('tax_fx.withdraw')}</Button>}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Card>
            )}
          </Stack>
        )}
      </QueryState>
      <Modal opened={withdrawing !== null} onClose={() => setWithdrawing(null)} title={t('tax_fx.withdraw')}>
        {withdrawing && (
          <Stack gap="md">
            <Text size="sm">{t('tax_fx.fx_withdraw_confirm', { rate: formatRate(withdrawing.rate, i18n.language), time: format.dateTime(withdrawing.applies_at) })}</Text>
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

/** A new standard rate: yen per dollar, from now (time left empty) or from a later time in the host's zone. */
function FxRateForm() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [rate, setRate] = useState('');
  const [at, setAt] = useState('');
  const form = useFormErrors();
  const add = useAddFxRate();

  async function save() {
    form.reset();
    const checked = validate(ZFxRateCreate, { rate, applies_at: zonedInputToIso(at, format.timeZone) });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await add.mutateAsync(checked.data);
      toast(t('tax_fx.saved'), 'success');
      setRate('');
      setAt('');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="sm">
      <Text fw={600}>{t('tax_fx.add_fx')}</Text>
      <FormAlert message={form.message} />
      <TextInput label={t('tax_fx.fx_rate')} required inputMode="decimal" placeholder="150.25" value={rate}
        onChange={(e) => setRate(e.currentTarget.value)} error={form.error('rate')} leftSection="¥" />
      <TextInput label={t('tax_fx.fx_applies_at')} type="datetime-local" value={at} description={t('tax_fx.fx_at_hint', { zone: format.zoneName })}
        onChange={(e) => setAt(e.currentTarget.value)} error={form.error('applies_at')} />
      <Group justify="flex-end">
        <Button loading={add.isPending} onClick={() => void save()}>{t('tax_fx.add')}</Button>
      </Group>
    </Stack>
  );
}
