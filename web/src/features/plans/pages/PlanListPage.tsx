import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LICENCE_ROUTES, evaluatePolicy, productName, type TCancelLastInvoice, type TContractView, type TLanguage, type TTrialView } from '@portal/proto';
import { renderMessage } from '../../../lib/server-messages';
import { FormAlert } from '../../../components/FormAlert';
import { EmptyState, QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useCancelContract, useClientContracts } from '../api';
import { STATUS_COLOR, STATUS_LABEL } from '../components/labels';
import { MeteredUsage } from '../components/MeteredUsage';
import { PackageGrants } from '../components/PackageGrants';
import { formatBusinessDate, formatBusinessMonth, formatMoney } from '../format';
// Issue 12, slice B: "contact support" leads to the inquiry form.
import { ContactSupportLink } from '../../../components/ContactSupportLink';

/**
 * /plan/list: the client's running trials (issue 22: with their last day, and the paid plan that
 * follows), its contracts with their business dates and amounts excluding tax, its review state,
 * change and cancel. A table on a wide screen; on a phone each contract is a card with its price,
 * dates and the cancel action (issue 22, point 11).
 */
export default function PlanListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, true, { getInitialValueInEffect: false });
  const list = useClientContracts();
  const { principal } = useSession();
  const mayChange = evaluatePolicy(LICENCE_ROUTES.planApplyInfo.policy, principal) === 'allow';
  const mayCancel = evaluatePolicy(LICENCE_ROUTES.planCancel.policy, principal) === 'allow';
  const [cancelling, setCancelling] = useState<TContractView | null>(null);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>{t('route.plan_list')}</Title>
        {/* Only a client that may apply now is offered the change (issue 22: no wizard that ends in a refusal). */}
        {mayChange && list.data?.eligibility.allowed && list.data.eligibility.reason === null && <Button component={Link} to="/plan/update">{t('plans.change_plan')}</Button>}
      </Group>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="md">
            {data.licence_state === 'reviewing' && (
              <Alert color="orange" variant="light" title={t('plans.under_review_title')}>
                <Text size="sm">{renderMessage(language, 'plan.under_review')}</Text>
                {data.pending_application && <Anchor component={Link} to="/plan/underreview" size="sm">{t('plans.see_application')}</Anchor>}
              </Alert>
            )}
            {data.licence_state === 'rejected' && (
              <Alert color="red" variant="light" title={t('plans.rejected_title')}>
                <Text size="sm">{renderMessage(language, 'plan.rejected')} <ContactSupportLink /></Text>
                {data.rejection_reason && <Text size="sm" mt={4}>{t('plans.rejection_reason', { reason: data.rejection_reason })}</Text>}
              </Alert>
            )}
            {data.eligibility.reason === 'user_level' && <Alert color="gray" variant="light">{renderMessage(language, 'plan.user_level')}</Alert>}
            {data.trials.length > 0 && <Trials trials={data.trials} />}
            {data.contracts.length === 0 ? <EmptyState>{t('plans.empty')}</EmptyState> : wide ? (
              <ContractTable contracts={data.contracts} mayCancel={mayCancel} onCancel={setCancelling} />
            ) : (
              <ContractCards contracts={data.contracts} mayCancel={mayCancel} onCancel={setCancelling} />
            )}
            <Text size="xs" c="dimmed">{t('plans.tax_excluded')} {t('plans.dates_note')}</Text>
          </Stack>
        )}
      </QueryState>
      {cancelling && <CancelDialog contract={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}

/** Issue 22: the running trials, each with its last day and the paid plan applied for during it. */
function Trials({ trials }: { trials: TTrialView[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">{t('plans.trials')}</Title>
        <Stack gap={6} role="list" aria-label={t('plans.trials')}>
          {trials.map((trial) => (
            <Group key={trial.product} gap="sm" role="listitem" aria-label={productName(trial.product)} data-testid={`trial-${trial.product}`} wrap="wrap">
              <Text size="sm" fw={600}>{productName(trial.product)}</Text>
              <Badge color="teal" variant="light">{t('plans.trial_until', { date: formatBusinessDate(trial.trial_ends_on, language) })}</Badge>
              {trial.paid_from && <Text size="sm" c="dimmed">{t('plans.trial_paid_from', { date: formatBusinessDate(trial.paid_from, language) })}</Text>}
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

interface ContractRowsProps {
  contracts: TContractView[];
  mayCancel: boolean;
  onCancel: (c: TContractView) => void;
}

function ContractTable({ contracts, mayCancel, onCancel }: ContractRowsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label={t('route.plan_list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('plans.product')}</Table.Th>
            <Table.Th>{t('plans.plan')}</Table.Th>
            <Table.Th>{t('plans.status')}</Table.Th>
            <Table.Th>{t('plans.monthly_amount_excl_tax')}</Table.Th>
            <Table.Th>{t('plans.effective_from')}</Table.Th>
            <Table.Th>{t('plans.minimum_term_end')}</Table.Th>
            <Table.Th>{t('plans.ends_on')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contracts.map((c) => (
            <Table.Tr key={c.id} data-testid={`contract-${c.plan_id}`}>
              <Table.Td>{productName(c.product)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>{c.plan_name}</Text>
                <PackageGrants grants={c.grants} />
                {c.items.filter((i) => i.plan_id !== c.plan_id).map((i) => <Text key={i.plan_id} size="xs" c="dimmed">{i.name}<MeteredUsage item={i} currency={c.currency} /></Text>)}
              </Table.Td>
              <Table.Td><Badge color={STATUS_COLOR[c.status]} variant="light">{t(STATUS_LABEL[c.status])}</Badge></Table.Td>
              <Table.Td>{formatMoney(c.monthly_amount, c.currency, language)}</Table.Td>
              <Table.Td>{formatBusinessDate(c.effective_from, language)}</Table.Td>
              <Table.Td>{c.minimum_term_end ? formatBusinessDate(c.minimum_term_end, language) : '—'}</Table.Td>
              <Table.Td>{c.ends_on ? formatBusinessDate(c.ends_on, language) : '—'}</Table.Td>
              <Table.Td>
                {mayCancel && c.cancel_preview && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => onCancel(c)}>{t('plans.cancel')}</Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per contract, with the same facts as a table row and the cancel action in reach. */
function ContractCards({ contracts, mayCancel, onCancel }: ContractRowsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const date = (d: string | null) => (d ? formatBusinessDate(d, language) : '—');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label={t('route.plan_list')}>
      {contracts.map((c) => (
        <Paper key={c.id} withBorder radius="md" p="sm" role="listitem" aria-label={`${productName(c.product)} ${c.plan_name}`} data-testid={`contract-${c.plan_id}`}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">{productName(c.product)}</Text>
                <Text fw={600} size="sm">{c.plan_name}</Text>
                <PackageGrants grants={c.grants} />
                {c.items.filter((i) => i.plan_id !== c.plan_id).map((i) => <Text key={i.plan_id} size="xs" c="dimmed">{i.name}<MeteredUsage item={i} currency={c.currency} /></Text>)}
              </div>
              <Badge color={STATUS_COLOR[c.status]} variant="light" style={{ flexShrink: 0 }}>{t(STATUS_LABEL[c.status])}</Badge>
            </Group>
            <Text size="sm" fw={600}>{t('plans.per_month_excl_tax', { amount: formatMoney(c.monthly_amount, c.currency, language) })}</Text>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
              <Text size="xs" c="dimmed">{t('plans.effective_from')}</Text><Text size="xs">{date(c.effective_from)}</Text>
              <Text size="xs" c="dimmed">{t('plans.minimum_term_end')}</Text><Text size="xs">{date(c.minimum_term_end)}</Text>
              <Text size="xs" c="dimmed">{t('plans.ends_on')}</Text><Text size="xs">{date(c.ends_on)}</Text>
            </SimpleGrid>
            {mayCancel && c.cancel_preview && (
              <Group justify="flex-end">
                <Button size="xs" variant="light" color="red" onClick={() => onCancel(c)}>{t('plans.cancel')}</Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Issue 23: the cancellation's last invoice: its regular lines and the penalty, with their periods, tax per rate and total. */
function CancelLastInvoice({ last, currency, language }: { last: TCancelLastInvoice; currency: TContractView['currency']; language: TLanguage }) {
  const { t } = useTranslation();
  const invoice = last.invoice;
  return (
    <Table verticalSpacing={4} aria-label={t('plans.cancel_last_invoice', { month: formatBusinessMonth(last.month, language), date: formatBusinessDate(last.billing_date, language) })}>
      <Table.Caption>{t('plans.cancel_last_invoice', { month: formatBusinessMonth(last.month, language), date: formatBusinessDate(last.billing_date, language) })}</Table.Caption>
      <Table.Tbody>
        {last.lines.map((line, i) => (
          <Table.Tr key={`${line.kind}-${i}`}>
            <Table.Td>
              <Text size="sm">{line.kind === 'penalty' ? t('plans.cancel_penalty_line') : (line.name[language] ?? line.name['en-us'] ?? line.product)}</Text>
              <Text size="xs" c="dimmed">{t('invoices.line_period', { from: formatBusinessDate(line.period_from, language), to: formatBusinessDate(line.period_to, language) })}</Text>
            </Table.Td>
            <Table.Td ta="right">
              {line.kind === 'penalty' && <Text size="xs" c="dimmed">{t('invoices.line_months', { amount: formatMoney(line.unit_amount_minor, currency, language), count: line.quantity })}</Text>}
              <Text size="sm">{formatMoney(line.amount_minor, currency, language)}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
        {invoice?.per_rate.map((r) => (
          <Table.Tr key={r.rate}>
            <Table.Td><Text size="sm" c="dimmed">{t('invoices.tax_at', { rate: r.rate })}</Text></Table.Td>
            <Table.Td ta="right"><Text size="sm">{formatMoney(r.tax_minor, invoice.display_currency, language)}</Text></Table.Td>
          </Table.Tr>
        ))}
        {invoice && (
          <Table.Tr>
            <Table.Td><Text size="sm" fw={600}>{t('invoices.total')}</Text></Table.Td>
            <Table.Td ta="right"><Text size="sm" fw={600}>{formatMoney(invoice.total_minor, invoice.display_currency, language)}</Text></Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
}

/** The cancellation's terms as the API computed them (last day, penalty), then the call. */
function CancelDialog({ contract, onClose }: { contract: TContractView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const cancel = useCancelContract();
  const form = useFormErrors();
  const preview = contract.cancel_preview!;
  async function confirm() {
    try {
      await cancel.mutateAsync({ contract_id: contract.id });
      toast(t('plans.cancelled'), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('plans.cancel_title', { plan: contract.plan_name })} centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <Text size="sm">{t('plans.cancel_ends_on', { date: formatBusinessDate(preview.ends_on, language) })}</Text>
        {preview.penalty_months > 0
          ? <Text size="sm" c="red">{t('plans.cancel_penalty', { months: preview.penalty_months, amount: formatMoney(preview.penalty_amount, contract.currency, language) })}</Text>
          : <Text size="sm">{t('plans.cancel_no_penalty')}</Text>}
        {preview.last_invoice && preview.last_invoice.lines.length > 0 && <CancelLastInvoice last={preview.last_invoice} currency={contract.currency} language={language} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="red" loading={cancel.isPending} onClick={() => void confirm()}>{t('plans.cancel_confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
