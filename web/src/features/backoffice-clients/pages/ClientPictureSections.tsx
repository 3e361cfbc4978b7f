import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Card, Group, Menu, Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatPersonName, productName, type TClientAccountRow, type TLanguage, type TRegion } from '@portal/proto';
import { LoadingState } from '../../../components/QueryState';
import { ApiError, FormError } from '../../../lib/api';
import { currentLocale } from '../../../lib/locale';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { formatBusinessDate, formatMoney, formatMonth } from '../../invoices';
import {
  useClientAccounts, useClientBilling, useClientInvoicePdf, useClientLicences, useReinviteAccount, useResetAccountMfa, useUnlockAccount, type TArea,
} from '../api';

type TRef = { region: TRegion; uuid: string };
type TAction = 'reinvite' | 'unlock' | 'mfa_reset';

/**
 * A section of the client's picture (issue 25, point 5): its own query, so a service that is down
 * fails only its section ("unavailable", with Retry) while the rest of the page works.
 */
function Section<T>({ title, query, testId, children }: { title: string; query: UseQueryResult<T>; testId: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card withBorder data-testid={testId}>
      <Title order={3} size="h4" mb="sm">{title}</Title>
      {query.isError ? (
        <Alert color="gray" variant="light" role="alert" title={t('client_picture.unavailable')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('client_picture.unavailable_help')}</Text>
            <Button size="xs" variant="default" loading={query.isFetching} onClick={() => void query.refetch()}>{t('common.retry')}</Button>
          </Stack>
        </Alert>
      ) : query.data === undefined ? <LoadingState lines={2} /> : children(query.data)}
    </Card>
  );
}

/** Rows that read as a table at 1280 px and stack as cards at 390 px. */
function Rows({ head, rows }: { head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={0} visibleFrom="sm">
        <Table verticalSpacing="xs">
          <Table.Thead><Table.Tr>{head.map((h) => <Table.Th key={h}>{h}</Table.Th>)}</Table.Tr></Table.Thead>
          <Table.Tbody>{rows.map((r) => <Table.Tr key={r.key}>{r.cells.map((c, i) => <Table.Td key={i}>{c}</Table.Td>)}</Table.Tr>)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {rows.map((r) => (
          <Card key={r.key} withBorder padding="xs">
            {r.cells.map((c, i) => (
              <Group key={i} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text size="xs" c="dimmed">{head[i]}</Text>
                <div style={{ textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}>{c}</div>
              </Group>
            ))}
          </Card>
        ))}
      </Stack>
    </>
  );
}

export function ClientPictureSections({ area, client, showBilling }: { area: TArea; client: TRef & { company_name: string }; showBilling: boolean }) {
  return (
    <>
      <AccountsSection area={area} client={client} />
      <LicencesSection area={area} client={client} />
      {showBilling && <BillingSection client={client} />}
    </>
  );
}

function AccountsSection({ area, client }: { area: TArea; client: TRef }) {
  const { t } = useTranslation();
  const accounts = useClientAccounts(area, client);
  const reinvite = useReinviteAccount();
  const unlock = useUnlockAccount();
  const mfaReset = useResetAccountMfa();
  const [confirm, setConfirm] = useState<TClientAccountRow | null>(null);
  const region = currentLocale().region;

  async function run(action: TAction, account: TClientAccountRow) {
    const mutation = action === 'reinvite' ? reinvite : action === 'unlock' ? unlock : mfaReset;
    try {
      await mutation.mutateAsync({ region: client.region, uuid: client.uuid, account_uuid: account.uuid });
      toast(t(`client_picture.done_${action}`, { email: account.email }), 'success');
      setConfirm(null);
    } catch (error) {
      if (error instanceof FormError) toast(Object.values(error.errors).flat().join(' ') || error.message, 'error');
      else if (error instanceof ApiError && error.message) toast(error.message, 'error');
    }
  }

  return (
    <Section title={t('client_picture.accounts')} query={accounts} testId="picture-accounts">
      {(data) => (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">{t(data.mfa_enabled ? 'client_picture.mfa_on' : 'client_picture.mfa_off')}</Text>
          <Rows
            head={[t('client_picture.name'), t('client_picture.email'), t('client_picture.authority'), t('client_picture.status'), ...(data.actions ? [''] : [])]}
            rows={data.accounts.map((a) => ({
              key: a.uuid,
              cells: [
                formatPersonName(region, a),
                a.email,
                a.authority ? t(`accounts.authority_${a.authority}`) : '—',
                <Group gap={4} key="s" justify="flex-start" wrap="wrap">
                  <Badge variant="light" color={a.status === 'active' ? 'teal' : 'gray'}>{t(`accounts.status_${a.status}`)}</Badge>
                  {a.locked && <Badge variant="light" color="red">{t('client_picture.locked')}</Badge>}
                  {data.mfa_enabled && a.trusted_browsers > 0 && <Badge variant="light" color="blue">{t('client_picture.browsers', { count: a.trusted_browsers })}</Badge>}
                </Group>,
                ...(data.actions ? [
                  <Menu key="m" position="bottom-end" withinPortal>
                    <Menu.Target><Button size="compact-sm" variant="default" aria-label={t('client_picture.actions_for', { email: a.email })}>{t('client_picture.actions')}</Button></Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item disabled={a.status !== 'invited' && a.status !== 'expired'} onClick={() => void run('reinvite', a)}>{t('client_picture.reinvite')}</Menu.Item>
                      <Menu.Item disabled={!a.locked} onClick={() => void run('unlock', a)}>{t('client_picture.unlock')}</Menu.Item>
                      <Menu.Item color="red" onClick={() => setConfirm(a)}>{t('client_picture.mfa_reset')}</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>,
                ] : []),
              ],
            }))}
          />
          <Modal opened={confirm !== null} onClose={() => setConfirm(null)} centered title={t('client_picture.mfa_reset_title')}>
            <Stack>
              <Text size="sm">{t('client_picture.mfa_reset_text', { email: confirm?.email ?? '' })}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
                <Button color="red" loading={mfaReset.isPending} onClick={() => confirm && void run('mfa_reset', confirm)}>{t('client_picture.mfa_reset')}</Button>
              </Group>
            </Stack>
          </Modal>
        </Stack>
      )}
    </Section>
  );
}

function LicencesSection({ area, client }: { area: TArea; client: TRef }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const licences = useClientLicences(area, client);
  const day = (d: string | null) => (d ? formatBusinessDate(d, language) : '—');
  return (
    <Section title={t('client_picture.licences')} query={licences} testId="picture-licences">
      {(data) => (
        <Stack gap="md">
          {data.licences.length === 0 ? <Text size="sm" c="dimmed">{t('client_picture.no_licences')}</Text> : (
            <Rows
              head={[t('client_picture.product'), t('client_picture.kind'), t('client_picture.started'), t('client_picture.trial_end'), t('client_picture.ended')]}
              rows={data.licences.map((l) => ({
                key: l.product,
                cells: [productName(l.product), t(`client_picture.kind_${l.kind}`), day(l.started_on), day(l.trial_ends_on), day(l.ended_on)],
              }))}
            />
          )}
          <Title order={4} size="h5">{t('client_picture.contracts')}</Title>
          {data.contracts.length === 0 ? <Text size="sm" c="dimmed">{t('client_picture.no_contracts')}</Text> : (
            <Rows
              head={[t('client_picture.product'), t('client_picture.plan'), t('client_picture.status'), t('client_picture.start'), t('client_picture.minimum_term_end'), t('client_picture.end'), t('client_picture.options')]}
              rows={data.contracts.map((c) => ({
                key: c.id,
                cells: [
                  productName(c.product), `${c.plan_name} (${formatMoney(c.monthly_amount, c.currency, language)})`, t(`plans.status_${c.status}`),
                  day(c.effective_from), day(c.minimum_term_end), day(c.ends_on), c.options.length ? c.options.join(', ') : '—',
                ],
              }))}
            />
          )}
        </Stack>
      )}
    </Section>
  );
}

function BillingSection({ client }: { client: TRef }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const billing = useClientBilling(client, true);
  const pdf = useClientInvoicePdf();

  async function open(id: string) {
    try {
      saveFile(await pdf.mutateAsync({ region: client.region, uuid: client.uuid, id }));
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message, 'error');
    }
  }

  return (
    <Section title={t('client_picture.invoices')} query={billing} testId="picture-billing">
      {(data) => (
        <Stack gap="xs">
          <Text size="sm">
            {data.next_billing_date && data.next_invoice_month
              ? t('client_picture.next_billing', { date: formatBusinessDate(data.next_billing_date, language), month: formatMonth(data.next_invoice_month, language) })
              : t('client_picture.no_next_billing')}
          </Text>
          {data.invoices.length === 0 ? <Text size="sm" c="dimmed">{t('client_picture.no_invoices')}</Text> : (
            <Rows
              head={[t('client_picture.invoice'), t('client_picture.month'), t('client_picture.amount'), t('client_picture.status'), t('client_picture.charges')]}
              rows={data.invoices.map((i) => ({
                key: i.id,
                cells: [
                  <Button key="a" variant="subtle" size="compact-sm" px={4} onClick={() => void open(i.id)}>{i.number}</Button>,
                  formatMonth(i.month, language),
                  formatMoney(i.total_minor, i.currency, language),
                  <Badge key="b" variant="light" color={i.status === 'failed' ? 'red' : i.status === 'paid' ? 'teal' : 'gray'}>{t(`invoices.status_${i.status}`)}</Badge>,
                  i.charge_attempts > 0 && i.decline_reason
                    ? t('client_picture.charge_failed', { count: i.charge_attempts, reason: t(`client_picture.decline_${i.decline_reason}`) })
                      + (i.next_charge_on ? ` ${t('client_picture.next_try', { date: formatBusinessDate(i.next_charge_on, language) })}` : '')
                    : '—',
                ],
              }))}
            />
          )}
        </Stack>
      )}
    </Section>
  );
}
