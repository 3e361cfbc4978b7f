import type { ReactNode } from 'react';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function StatusPage({ code, title, text, children, action = true }: {
  code: ReactNode; title: string; text: string; children?: ReactNode; action?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="md" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
        <Text fw={700} size="lg">{code}</Text>
      </ThemeIcon>
      <Title order={2} size="h3">{title}</Title>
      {text && <Text c="dimmed">{text}</Text>}
      {children}
      {action && (
        <Button component={Link} to="/" reloadDocument mt="sm" variant="light">{t('errors.back_home')}</Button>
      )}
    </Stack>
  );
}
