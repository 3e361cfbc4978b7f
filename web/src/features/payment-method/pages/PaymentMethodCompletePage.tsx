import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

/**
 * /paymentmethod_complete: the end of registering a method. `?method=credit_card` after a card
 * (registered at once); otherwise a bank-transfer or direct-debit request (slice B), which an
 * operator confirms over a few days.
 */
export default function PaymentMethodCompletePage() {
  const { t } = useTranslation();
  const card = useSearchParams()[0].get('method') === 'credit_card';
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t(card ? 'payment_method.card_registered_title' : 'route.paymentmethod_complete')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text>{t(card ? 'payment_method.card_registered' : 'payment_method.request_sent')}</Text>
          <Group><Button component={Link} to="/payment">{t('payment_method.to_payment')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
