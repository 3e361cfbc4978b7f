import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SupportLoginDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Whose portal the link opens, in a sentence. */
  text: string;
  /** The open button's label (and the fallback link's, when the browser blocked the new tab). */
  openLabel: string;
  /** The server's refusal, said in the dialog. */
  error: string;
  /** The issued link the browser would not open in a new tab: offered as a link instead. */
  blockedUrl: string | null;
  pending: boolean;
  onOpen: () => void;
}

/**
 * The confirmation before a support login (a client's portal from the client list, a partner's
 * area from its info page): it says the support session replaces this browser's session, shows a
 * refusal, and offers the link itself when a pop-up blocker kept the new tab from opening.
 */
export function SupportLoginDialog({ opened, onClose, text, openLabel, error, blockedUrl, pending, onOpen }: SupportLoginDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('clients.confirm_title')} size="lg">
      <Stack>
        <Text size="sm">{text}</Text>
        <Alert color="orange" variant="light">{t('clients.confirm_replace')}</Alert>
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        {blockedUrl && (
          <Alert color="yellow" variant="light" role="alert">
            {t('clients.popup_blocked')}{' '}
            <Anchor href={blockedUrl} target="_blank" rel="noopener noreferrer" onClick={onClose}>{openLabel}</Anchor>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={onOpen} loading={pending} disabled={Boolean(error || blockedUrl)}>{openLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
