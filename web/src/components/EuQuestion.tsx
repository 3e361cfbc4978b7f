import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import { EU_PROBLEM_MESSAGES, EU_TEXTS } from '@portal/proto';
import { currentLanguage } from '../lib/locale';
import { renderMessage } from '../lib/server-messages';

/**
 * Issue 22 (spec §1): the EU data-protection question of a registration outside Japan, in the
 * page's language; none chosen at first. "Yes" shows the refusal at once: the form that holds it
 * sends nothing then (the server refuses a yes, and an unanswered question, as well).
 */
export function EuQuestion({ value, onChange, error }: { value: boolean | undefined; onChange: (value: boolean) => void; error?: string }) {
  const text = (key: string) => renderMessage(currentLanguage(), key);
  return (
    <Stack gap={6}>
      <Radio.Group
        label={text(EU_TEXTS.question)} description={text(EU_TEXTS.help)} required
        value={value === undefined ? null : value ? 'yes' : 'no'} onChange={(v) => onChange(v === 'yes')}
        error={value === true ? undefined : error}
      >
        <Group gap="lg" mt={6}>
          <Radio value="yes" label={text(EU_TEXTS.yes)} />
          <Radio value="no" label={text(EU_TEXTS.no)} />
        </Group>
      </Radio.Group>
      {value === true && <Alert color="red" variant="light" role="alert"><Text size="sm">{text(EU_PROBLEM_MESSAGES.refused.key)}</Text></Alert>}
    </Stack>
  );
}
