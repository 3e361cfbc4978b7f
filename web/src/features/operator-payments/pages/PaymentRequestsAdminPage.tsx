import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_REQUEST_STATUSES, type TPaymentRequestStatus, type TPaymentRequestView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { METHOD_LABEL, RequestSummary } from '../../../components/bank-request/RequestSummary';
import { useConfirmRequest, usePaymentMethodOf, usePaymentRequests, useRejectRequest } from '../api';
import { bankSummary, methodText } from '../method-summary';
import { ConfirmChange } from '../../../components/ConfirmChange';

const PER_PAGE = 20;
const STATUS_LABEL: Record<TPaymentRequestStatus, string> = {
  pending: 'payment_request.status_pending', registered: 'payment_request.status_registered', rejected: 'payment_request.status_rejected',
};
const SOURCE_LABEL: Record<TPaymentRequestView['source'], string> = {
  client: 'operator_payments.source_client', operator: 'operator_payments.source_operator', csv: 'operator_payments.source_csv',
};

/**
 * /operator/payment_requests: bank-transfer and direct-debit requests of every region. The operator
 * checks the account by hand (a few days), then confirms it (the method becomes the client's, the
 * client is mailed) or refuses it with a reason.
 */
export default function PaymentRequestsAdminPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const [query, setQuery] = useState<{ status: TPaymentRequestStatus; page: number }>({ status: 'pending', page: 1 });
  const list = usePaymentRequests({ ...query, per_page: PER_PAGE });
  const [open, setOpen] = useState<TPaymentRequestView | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_payment_requests')}</Title>
        <Text size="sm" c="dimmed">{t('operator_payments.requests_help')}</Text>
      </div>
      <SegmentedControl
        value={query.status}
        onChange={(status) => setQuery({ status: status as TPaymentRequestStatus, page: 1 })}
        data={PAYMENT_REQUEST_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
      />
      <QueryState query={list} isEmpty={(d) => d.requests.length === 0} empty={t('operator_payments.empty')}>
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="sm" aria-label={t('route.operator_payment_requests')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('operator_payments.requested_at')}</Table.Th>
                    <Table.Th>{t('payment_request.company_name')}</Table.Th>
                    <Table.Th>{t('payment_request.method')}</Table.Th>
                    <Table.Th>{t('payment_request.bank')}</Table.Th>
                    <Table.Th>{t('operator_payments.status')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.requests.map((r) => (
                    <Table.Tr key={r.id} data-testid={`payment-request-${r.id}`}>
                      <Table.Td>{when.dateTime(r.created_at)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>{r.company_name}</Text>
                        <Text size="xs" c="dimmed">{r.person_name} · {t(SOURCE_LABEL[r.source])}</Text>
                      </Table.Td>
                      <Table.Td>{t(METHOD_LABEL[r.method])}</Table.Td>
                      <Table.Td><Text size="sm">{r.bank_name} {r.branch_name}</Text></Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={r.status === 'rejected' ? 'red' : r.status === 'pending' ? 'orange' : 'teal'}>{t(STATUS_LABEL[r.status])}</Badge>
                        {r.reason && <Text size="xs" c="dimmed">{r.reason}</Text>}
                      </Table.Td>
                      <Table.Td><Button size="xs" variant="light" onClick={() => setOpen(r)}>{t('operator_payments.open')}</Button></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter summary={t('operator_payments.total', { total: data.total })} pages={pageCount(data.total, PER_PAGE)} page={query.page} onPage={(page) => setQuery({ ...query, page })} />
          </Stack>
        )}
      </QueryState>
      {open && <RequestDialog request={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** One request with its bank data: confirm it, or refuse it with a reason. */
function RequestDialog({ request, onClose }: { request: TPaymentRequestView; onClose: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmRequest();
  const reject = useRejectRequest();
  const form = useFormErrors();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  // Issue 25 point 2: approving shows the client's method now and the one it becomes, then asks.
  const [approving, setApproving] = useState(false);
  const current = usePaymentMethodOf(approving ? request.client_uuid : null);
  const ref = { id: request.id, region: request.region };

  async function onConfirm() {
    form.reset();
    setApproving(false);
    try {
      await confirm.mutateAsync(ref);
      toast(t('operator_payments.confirmed', { company: request.company_name }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }
  async function onReject() {
    form.reset();
    if (!reason.trim()) return form.setErrors({ reason: [t('operator_payments.reason_required')] });
    try {
      await reject.mutateAsync({ ...ref, reason: reason.trim() });
      toast(t('operator_payments.rejected', { company: request.company_name }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Modal opened onClose={onClose} title={request.company_name} size="lg" centered>
      <Stack gap="sm">
        <FormAlert message={form.message} />
        <RequestSummary request={request} />
        {request.status === 'pending' && (rejecting ? (
          <>
            <Textarea label={t('operator_payments.reason')} required autosize minRows={2} maxLength={500}
              value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={form.error('reason')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(false)}>{t('common.cancel')}</Button>
              <Button color="red" loading={reject.isPending} onClick={() => void onReject()}>{t('operator_payments.reject')}</Button>
            </Group>
          </>
        ) : (
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => setRejecting(true)}>{t('operator_payments.reject')}</Button>
            <Button loading={confirm.isPending} onClick={() => setApproving(true)}>{t('operator_payments.confirm')}</Button>
          </Group>
        ))}
      </Stack>
      <ConfirmChange
        opened={approving} onClose={() => setApproving(false)} title={t('operator_payments.confirm_approve_title')}
        intro={t(current.data?.current ? 'operator_payments.confirm_replace_intro' : 'operator_payments.confirm_add_intro', { company: request.company_name })}
        loading={current.isPending} error={current.error?.message} danger={Boolean(current.data?.current)}
        changes={[{ label: t('bo_clients.payment_method'), before: methodText(t, current.data?.current ?? null), after: methodText(t, bankSummary(request)) }]}
        confirmLabel={t('operator_payments.confirm')} pending={confirm.isPending} onConfirm={() => void onConfirm()}
      />
    </Modal>
  );
}
