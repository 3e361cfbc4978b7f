import { useState } from 'react';
import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZBillingRunStart, type TBillingRunView, type TLanguage } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useBillingRuns, useStartBillingRun } from '../api';

const STATUS_COLOR: Record<TBillingRunView['status'], string> = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' };

/** This month in the host's zone, YYYY-MM (only the form's starting value; the server judges the month). */
function thisMonth(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
}

/** /operator/billing_runs: each region's monthly run with its progress; start (or resume) a month. */
export default function BillingRunsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const time = useDateTime();
  const runs = useBillingRuns();
  const start = useStartBillingRun();
  const form = useFormErrors();
  const [month, setMonth] = useState(() => thisMonth(time.timeZone));
  /** What the last start was told the job waits for (issue 21); the list's own answer takes over while it says something. */
  const [startWaiting, setStartWaiting] = useState<string | null>(null);
  const waiting = runs.data?.waiting?.message ?? startWaiting;

  async function submit() {
    form.reset();
    const checked = validate(ZBillingRunStart, { month });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    setStartWaiting(null);
    try {
      const answer = await start.mutateAsync(checked.data);
      setStartWaiting(answer.waiting?.message ?? null);
      toast(t(answer.queued ? 'billing_runs.started' : 'billing_runs.queued'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  const monthLabel = (m: string) => new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(new Date(`${m}-15T00:00:00Z`));

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2}>{t('route.operator_billing_runs')}</Title>
      <Text size="sm" c="dimmed">{t('billing_runs.help')}</Text>
      <FormAlert message={form.message} />
      {waiting && (
        <Alert color="orange" variant="light" title={t('billing_runs.waiting_title')} withCloseButton={!runs.data?.waiting} onClose={() => setStartWaiting(null)} role="status">
          {waiting}
        </Alert>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('billing_runs.month')} description={t('billing_runs.month_help')} value={month} onChange={(e) => setMonth(e.currentTarget.value)} error={form.error('month')} w={220} />
        <Button onClick={() => void submit()} loading={start.isPending}>{t('billing_runs.start')}</Button>
      </Group>
      <QueryState query={runs} isEmpty={(data) => data.runs.length === 0} empty={t('billing_runs.empty')}>
        {(data) => (
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="sm" aria-label={t('route.operator_billing_runs')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('billing_runs.month')}</Table.Th>
                  <Table.Th>{t('billing_runs.region')}</Table.Th>
                  <Table.Th>{t('billing_runs.status')}</Table.Th>
                  <Table.Th>{t('billing_runs.progress')}</Table.Th>
                  <Table.Th>{t('billing_runs.invoices')}</Table.Th>
                  <Table.Th>{t('billing_runs.started_at', { zone: time.zoneName })}</Table.Th>
                  <Table.Th>{t('billing_runs.finished_at', { zone: time.zoneName })}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.runs.map((run) => (
                  <Table.Tr key={run.id}>
                    <Table.Td>{monthLabel(run.month)}</Table.Td>
                    <Table.Td>{t(`catalogue.region_${run.shard}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[run.status]} variant="light">{t(`billing_runs.status_${run.status}`)}</Badge>
                      {run.attempts > 1 && <Text size="xs" c="dimmed">{t('billing_runs.attempts', { count: run.attempts })}</Text>}
                    </Table.Td>
                    <Table.Td miw={160}>
                      <Progress value={run.clients_total ? (100 * run.clients_done) / run.clients_total : run.status === 'completed' ? 100 : 0} size="sm" />
                      <Text size="xs" c="dimmed">{t('billing_runs.clients', { done: run.clients_done, total: run.clients_total })}</Text>
                    </Table.Td>
                    <Table.Td>{run.invoices_written}</Table.Td>
                    <Table.Td>{run.started_at ? time.dateTime(run.started_at) : '–'}</Table.Td>
                    <Table.Td>{run.finished_at ? time.dateTime(run.finished_at) : '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
