import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /paymentmethod_beforeregister: no payment method yet; what happens, and the way to choose one. */
export default function PaymentMethodBeforeRegisterPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.paymentmethod_before_register')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={500}>{t('payment_method.not_set')}</Text>
          <Text size="sm" c="dimmed">{t('payment_method.before_register_help')}</Text>
          <Group><Button component={Link} to="/paymentmethod_register">{t('payment_method.register')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
