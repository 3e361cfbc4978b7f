import { Stack, Text } from '@mantine/core';
import { actorWords, type TOperationActor } from '@portal/proto';
import { currentLanguage } from '../lib/locale';
import { renderMessage } from '../lib/server-messages';

/**
 * An entry's actor in words (issue 25; proto's actorWords, the CSV's wording): "運営会社（山田 太郎）",
 * "代理店 デモ代理店（サポートログイン）" with the person below it, "システム". The client's log and
 * the audit log show actors the same way.
 */
export function ActorWords({ actor }: { actor: TOperationActor }) {
  const words = actorWords(actor, (key, params) => renderMessage(currentLanguage(), key, params));
  return (
    <Stack gap={0} data-testid="actor">
      <Text size="sm">{words.label}</Text>
      {words.person && <Text size="xs" c="dimmed">{words.person}</Text>}
    </Stack>
  );
}
