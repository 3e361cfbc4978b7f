import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LICENCE_ROUTES, evaluatePolicy, productName, type TContractView, type TLanguage } from '@portal/proto';
import { renderMessage } from '../../../lib/server-messages';
import { FormAlert } from '../../../components/FormAlert';
import { EmptyState, QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { useCancelContract, useClientContracts } from '../api';
import { STATUS_COLOR, STATUS_LABEL } from '../components/labels';
import { formatBusinessDate, formatMoney } from '../format';
// Issue 12, slice B: "contact support" leads to the inquiry form.
import { ContactSupportLink } from '../../../components/ContactSupportLink';

/** /plan/list: the client's contracts with their business dates, its review state, change and cancel. */
export default function PlanListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const list = useClientContracts();
  const { principal } = useSession();
  const mayChange = evaluatePolicy(LICENCE_ROUTES.planApplyInfo.policy, principal) === 'allow';
  const mayCancel = evaluatePolicy(LICENCE_ROUTES.planCancel.policy, principal) === 'allow';
  const [cancelling, setCancelling] = useState<TContractView | null>(null);

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between">
        <Title order={2}>{t('route.plan_list')}</Title>
        {mayChange && list.data?.eligibility.allowed && <Button component={Link} to="/plan/update">{t('plans.change_plan')}</Button>}
      </Group>
      <QueryState query={list}>
        {(data) => (
          <Stack gap="md">
            {data.licence_state === 'reviewing' && (
              <Alert color="orange" variant="light" title={t('plans.under_review_title')}>{renderMessage(language, 'plan.under_review')}</Alert>
            )}
            {data.licence_state === 'rejected' && (
              <Alert color="red" variant="light" title={t('plans.rejected_title')}>
                <Text size="sm">{renderMessage(language, 'plan.rejected')} <ContactSupportLink /></Text>
                {data.rejection_reason && <Text size="sm" mt={4}>{t('plans.rejection_reason', { reason: data.rejection_reason })}</Text>}
              </Alert>
            )}
            {data.eligibility.reason === 'user_level' && <Alert color="gray" variant="light">{renderMessage(language, 'plan.user_level')}</Alert>}
            {data.contracts.length === 0 ? <EmptyState>{t('plans.empty')}</EmptyState> : (
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="sm" aria-label={t('route.plan_list')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('plans.product')}</Table.Th>
                      <Table.Th>{t('plans.plan')}</Table.Th>
                      <Table.Th>{t('plans.status')}</Table.Th>
                      <Table.Th>{t('plans.monthly_amount')}</Table.Th>
                      <Table.Th>{t('plans.effective_from')}</Table.Th>
                      <Table.Th>{t('plans.minimum_term_end')}</Table.Th>
                      <Table.Th>{t('plans.ends_on')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.contracts.map((c) => (
                      <Table.Tr key={c.id} data-testid={`contract-${c.plan_id}`}>
                        <Table.Td>{productName(c.product)}</Table.Td>
                        <Table.Td>
                          <Text size="sm" fw={500}>{c.plan_name}</Text>
                          {c.items.filter((i) => i.plan_id !== c.plan_id).map((i) => <Text key={i.plan_id} size="xs" c="dimmed">{i.name}</Text>)}
                        </Table.Td>
                        <Table.Td><Badge color={STATUS_COLOR[c.status]} variant="light">{t(STATUS_LABEL[c.status])}</Badge></Table.Td>
                        <Table.Td>{formatMoney(c.monthly_amount, c.currency, language)}</Table.Td>
                        <Table.Td>{formatBusinessDate(c.effective_from, language)}</Table.Td>
                        <Table.Td>{c.minimum_term_end ? formatBusinessDate(c.minimum_term_end, language) : '—'}</Table.Td>
                        <Table.Td>{c.ends_on ? formatBusinessDate(c.ends_on, language) : '—'}</Table.Td>
                        <Table.Td>
                          {mayCancel && c.cancel_preview && (
                            <Button size="xs" variant="subtle" color="red" onClick={() => setCancelling(c)}>{t('plans.cancel')}</Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Text size="xs" c="dimmed">{t('plans.dates_note')}</Text>
          </Stack>
        )}
      </QueryState>
      {cancelling && <CancelDialog contract={cancelling} onClose={() => setCancelling(null)} />}
    </Stack>
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button color="red" loading={cancel.isPending} onClick={() => void confirm()}>{t('plans.cancel_confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
