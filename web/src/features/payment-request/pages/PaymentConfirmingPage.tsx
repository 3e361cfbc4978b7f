import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPaymentRequestStatus } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { usePaymentRequest } from '../api';
import { RequestSummary } from '../../../components/bank-request/RequestSummary';

const STATUS: Record<TPaymentRequestStatus, { label: string; text: string; color: string }> = {
  pending: { label: 'payment_request.status_pending', text: 'payment_request.pending_text', color: 'orange' },
  registered: { label: 'payment_request.status_registered', text: 'payment_request.registered_text', color: 'teal' },
  rejected: { label: 'payment_request.status_rejected', text: 'payment_request.rejected_text', color: 'red' },
};

/**
 * /paymentmethod_confirming: the company's latest bank-transfer or direct-debit request: waiting
 * for the provider's confirmation (a few business days), registered, or refused with the reason.
 */
export default function PaymentConfirmingPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const current = usePaymentRequest();
  return (
    <Stack gap="md" maw={760}>
      <Title order={2}>{t('route.paymentmethod_confirming')}</Title>
      <QueryState query={current} isEmpty={(d) => d.request === null} empty={(
        <Stack gap="sm" align="center">
          <Text size="sm">{t('payment_request.none')}</Text>
          <Group gap="xs" justify="center">
            <Button component={Link} to="/paymentmethod_banktransfer" variant="light" size="xs">{t('route.paymentmethod_banktransfer')}</Button>
            <Button component={Link} to="/paymentmethod_directdebit" variant="light" size="xs">{t('route.paymentmethod_directdebit')}</Button>
          </Group>
        </Stack>
      )}>
        {({ request }) => request && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Badge size="lg" variant="light" color={STATUS[request.status].color}>{t(STATUS[request.status].label)}</Badge>
                <Text size="xs" c="dimmed">{t('payment_request.requested_at', { at: when.dateTime(request.created_at) })}</Text>
              </Group>
              <Alert color={STATUS[request.status].color} variant="light">
                {t(STATUS[request.status].text)}
                {request.reason && <Text size="sm" mt={4}>{t('payment_request.reason', { reason: request.reason })}</Text>}
              </Alert>
              <RequestSummary request={request} />
              {request.status === 'rejected' && (
                <Group>
                  <Button component={Link} to={request.method === 'bank_transfer' ? '/paymentmethod_banktransfer' : '/paymentmethod_directdebit'} variant="light">
                    {t('payment_request.again')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        )}
      </QueryState>
      <Group>
        <Button component={Link} to="/payment" variant="default">{t('route.payment')}</Button>
      </Group>
    </Stack>
  );
}
