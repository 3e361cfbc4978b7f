import { Badge, Group } from '@mantine/core';

/**
 * Where a wizard is (issue 14): its steps as badges that wrap at phone width (a Stepper would
 * scroll sideways at 390 px), the current one filled, the ones done light.
 */
export function StepProgress({ labels, index, label }: { labels: readonly string[]; index: number; label: string }) {
  return (
    <Group gap={6} wrap="wrap" aria-label={label} role="list">
      {labels.map((text, i) => (
        <Badge key={text} role="listitem" aria-current={i === index ? 'step' : undefined}
          variant={i === index ? 'filled' : i < index ? 'light' : 'outline'} color={i <= index ? 'blue' : 'gray'} radius="sm" size="lg"
          style={{ textTransform: 'none', maxWidth: '100%' }}>
          {`${i + 1}. ${text}`}
        </Badge>
      ))}
    </Group>
  );
}
