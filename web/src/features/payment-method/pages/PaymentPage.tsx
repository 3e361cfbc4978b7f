import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, PAYMENT_BANK_FIELDS, type TCardExpiryWarning, type TLanguage, type TPaymentView } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useLatestPaymentRequest, usePayment, useUseCard } from '../api';


/** /payment and /user_paymentmethod (owner and admin): the payment method and the stored card, masked. */
export default function PaymentPage() {
  const payment = usePayment();
  return (
    <QueryState query={payment} loading={<Skeleton h={320} radius="md" maw={900} />}>
      {(loaded) => <PaymentView view={loaded} />}
    </QueryState>
  );
}

function PaymentView({ view }: { view: TPaymentView }) {
  const { t } = useTranslation();
  const useCard = useUseCard();
  const form = useFormErrors();
  const card = view.card;
  const canChoose = view.available.length > 1;
  // Only where bank methods exist (Japan) is there a request to wait for.
  const latest = useLatestPaymentRequest();
  const pending = canChoose && latest.data?.request?.status === 'pending' ? latest.data.request : null;
  const bankValue = (field: (typeof PAYMENT_BANK_FIELDS)[number]) =>
    field === 'account_type' ? t(`payment_request.account_type_${view.bank![field]}`, { defaultValue: view.bank![field] }) : view.bank![field];

  async function switchToCard() {
    form.reset();
    try {
      await useCard.mutateAsync({ method: 'credit_card' });
      toast(t('payment_method.card_in_use'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={2}>{t('route.payment')}</Title>
        <Text size="sm" c="dimmed" mt={4}>{t(canChoose ? 'payment_method.help' : 'payment_method.help_card_only')}</Text>
      </div>
      <FormAlert message={form.message || form.error('method') || ''} />
      {view.card_expiry && <CardExpiryAlert warning={view.card_expiry} />}
      {pending && (
        <Alert color="yellow" variant="light" title={t(`payment_method.method.${pending.method}`)}>
          <Text size="sm">{t('payment_request.pending_text')}</Text>
          <Button component={Link} to="/paymentmethod_confirming" variant="subtle" size="compact-sm" mt="xs">{t('payment_request.status_pending')}</Button>
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text fw={500}>{t('payment_method.current')}</Text>
            <Badge variant="light" color={view.method ? 'green' : 'gray'}>{t(`payment_method.method.${view.method ?? 'none'}`)}</Badge>
          </Group>
          {view.method === 'credit_card' && card && <CardTable card={card} />}
          {view.method && view.method !== 'credit_card' && view.bank && (
            <Table variant="vertical" layout="fixed">
              <Table.Tbody>
                {PAYMENT_BANK_FIELDS.filter((f) => view.bank![f]).map((f) => (
                  <Table.Tr key={f}><Table.Th w={{ base: 120, sm: 200 }}>{t(`payment_method.bank.${f}`)}</Table.Th><Table.Td>{bankValue(f)}</Table.Td></Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {!view.method && <Text size="sm" c="dimmed">{t('payment_method.not_set_help')}</Text>}
        </Stack>
      </Card>
      {view.method !== 'credit_card' && card && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={500}>{t('payment_method.stored_card')}</Text>
            <CardTable card={card} />
            <Group><Button variant="light" onClick={() => void switchToCard()} loading={useCard.isPending}>{t('payment_method.use_card')}</Button></Group>
          </Stack>
        </Card>
      )}
      <Group>
        {view.method ? (
          <>
            <Button component={Link} to="/paymentmethod_creditcard">{t(card ? 'payment_method.change_card' : 'payment_method.register_card')}</Button>
            {canChoose && <Button component={Link} to="/paymentmethod_register" variant="default">{t('payment_method.change_method')}</Button>}
          </>
        ) : (
          <Button component={Link} to={canChoose ? '/paymentmethod_beforeregister' : '/paymentmethod_creditcard'}>{t('payment_method.register')}</Button>
        )}
        <Button component={Link} to="/billing" variant="subtle">{t('payment_method.to_billing')}</Button>
      </Group>
    </Stack>
  );
}

/** Issue 23 item 7: the card on file expires within 30 days, or has expired (the server decides, on its business date). */
function CardExpiryAlert({ warning }: { warning: TCardExpiryWarning }) {
  const { t, i18n } = useTranslation();
  // A calendar day (the end of the expiry month), written as the reader writes dates; no zone shift.
  const date = formatDate(`${warning.expires_on}T12:00:00Z`, { language: i18n.language as TLanguage, timeZone: 'UTC' });
  const expired = warning.state === 'expired';
  return (
    <Alert color={expired ? 'red' : 'yellow'} variant="light" role="alert" title={t(expired ? 'payment_method.card_expired_title' : 'payment_method.card_expiring_title')}>
      <Text size="sm">{t(expired ? 'payment_method.card_expired' : 'payment_method.card_expiring', { date })}</Text>
      <Button component={Link} to="/paymentmethod_creditcard" variant="light" size="compact-sm" mt="xs">{t('payment_method.change_card')}</Button>
    </Alert>
  );
}

export function CardTable({ card }: { card: NonNullable<TPaymentView['card']> }) {
  const { t } = useTranslation();
  return (
    <Table variant="vertical" layout="fixed">
      <Table.Tbody>
        <Table.Tr><Table.Th w={{ base: 120, sm: 200 }}>{t('payment_method.card_number')}</Table.Th><Table.Td style={{ fontFamily: 'monospace' }}>{card.masked_number}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>{t('payment_method.expiry')}</Table.Th><Table.Td>{`${String(card.expiry_month).padStart(2, '0')}/${card.expiry_year}`}</Table.Td></Table.Tr>
        <Table.Tr><Table.Th>{t('payment_method.holder')}</Table.Th><Table.Td style={{ overflowWrap: 'anywhere' }}>{card.holder_name}</Table.Td></Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
