import { Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productName, type TDashboardProduct } from '@portal/proto';

/** /logs/{service}/loading: the product's data is being prepared; the dashboard is one click away. */
export default function DashboardLoadingPage({ product }: { product: TDashboardProduct }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>{t('usage.title', { product: productName(product) })}</Title>
      <Card withBorder padding="lg">
        <Stack align="center" gap="sm">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">{t('usage.loading')}</Text>
          <Button component={Link} to={`/logs/${product}`} variant="light">{t('usage.open_dashboard')}</Button>
        </Stack>
      </Card>
    </Stack>
  );
}
