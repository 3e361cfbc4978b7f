import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { openInNewTab } from '../lib/browser';
import { toast } from '../lib/toast';

/**
 * The steps around the dialog, for whatever a support login opens (`T`: a client row, a
 * partner): `open(target)` shows the dialog, `start()` issues the link and opens it in a new tab
 * (a toast says so and the dialog closes), or keeps the link to offer when the browser blocked the
 * tab; a refusal is shown in the dialog (the server's words, else `fallbackError` when given).
 */
export function useSupportLoginFlow<T>({ issue, openedText, fallbackError }: {
  issue: (target: T) => Promise<{ url: string }>;
  openedText: (target: T) => string;
  fallbackError?: string;
}) {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState('');
  const [blockedUrl, setBlockedUrl] = useState('');

  function close() {
    setTarget(null);
    setError('');
    setBlockedUrl('');
  }

  async function start() {
    if (target === null) return;
    setError('');
    try {
      const issued = await issue(target);
      if (openInNewTab(issued.url)) {
        toast(openedText(target), 'success');
        close();
      } else {
        setBlockedUrl(issued.url);
      }
    } catch (e) {
      // The target's settings may have changed since the page was read: say why.
      const message = e instanceof ApiError && e.message ? e.message : fallbackError;
      if (message) setError(message);
    }
  }

  return { target, open: setTarget, close, start, error, blockedUrl };
}

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
