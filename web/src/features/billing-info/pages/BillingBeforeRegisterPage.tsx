import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /billing_beforeregister: no billing information yet; what it is for, and the way to register it. */
export default function BillingBeforeRegisterPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.billing_before_register')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text fw={500}>{t('billing_info.not_registered')}</Text>
          <Text size="sm" c="dimmed">{t('billing_info.before_register_help')}</Text>
          <Group><Button component={Link} to="/billing_register">{t('billing_info.register')}</Button></Group>
        </Stack>
      </Card>
    </Stack>
  );
}
