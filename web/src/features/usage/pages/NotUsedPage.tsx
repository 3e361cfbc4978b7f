import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /logs/notused: the account uses no product with a usage dashboard yet. */
export default function NotUsedPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('route.logs_notused')}</Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text>{t('usage.not_used')}</Text>
          <Button component={Link} to="/product" variant="light" w="fit-content">{t('usage.to_products')}</Button>
        </Stack>
      </Card>
    </Stack>
  );
}
