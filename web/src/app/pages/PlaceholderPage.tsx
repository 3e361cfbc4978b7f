import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Until a route's screen is built: its title and a short notice. */
export default function PlaceholderPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t(`route.${name}`)}</Title>
      <Card padding="xl">
        <Group gap="sm" mb="xs">
          <Badge variant="light">{t('common.coming_soon')}</Badge>
        </Group>
        <Text c="dimmed">{t('common.coming_soon_detail')}</Text>
      </Card>
    </Stack>
  );
}
