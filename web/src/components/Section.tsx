import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

/** A titled card of a settings-style page: title, optional help text and control on the right, then the content. */
export function Section({ title, help, action, children }: { title: string; help?: string; action?: ReactNode; children: ReactNode }) {
  const heading = (
    <div>
      <Title order={3} size="h4">{title}</Title>
      {help && <Text size="sm" c="dimmed">{help}</Text>}
    </div>
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        {action ? <Group justify="space-between">{heading}{action}</Group> : heading}
        {children}
      </Stack>
    </Card>
  );
}
