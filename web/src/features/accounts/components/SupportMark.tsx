import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../lib/datetime';

interface Marked { support_created_by: string | null; support_changed_by: string | null; support_changed_at: string | null }

/**
 * Issue 21: who created or last changed an account during a support login (a partner or an
 * operator, as the session named them), kept on the account by the server. `detailed` adds when it
 * was last changed (the account's page); the list says who only.
 */
export function SupportMark({ account, detailed = false }: { account: Marked; detailed?: boolean }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const changed = account.support_changed_by;
  if (account.support_created_by === null && changed === null) return null;
  return (
    <>
      {account.support_created_by !== null && (
        <Text size="xs" c="orange" data-testid="support-mark">{t('accounts.support_created_by', { name: account.support_created_by })}</Text>
      )}
      {changed !== null && (
        <Text size="xs" c="orange" data-testid="support-mark">
          {detailed && account.support_changed_at
            ? t('accounts.support_changed_at', { name: changed, at: format.dateTime(account.support_changed_at) })
            : t('accounts.support_changed_by', { name: changed })}
        </Text>
      )}
    </>
  );
}
