import { useEffect, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser';
import { watchAccountChange } from '../../lib/session-events';
import { currentSessionIdentity } from '../../lib/use-session';

/** The dialog closes only through its button, which leaves the page. */
function stayOpen(): void {}

/**
 * Spec §2: when another account logs in in this browser (a support login included), say so and
 * go to /product. `identity` is lib/session-events' sessionIdentity of the tab's session, once
 * GET /v1/user-auth has told it ('' before); the first one is kept, so a later render does not
 * adopt the session that replaced it.
 */
export function ForceLogoutDialog({ identity }: { identity: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [watched, setWatched] = useState(identity);
  if (!watched && identity) setWatched(identity);
  useEffect(() => (watched ? watchAccountChange(watched, () => setOpen(true), currentSessionIdentity) : undefined), [watched]);
  return (
    <Modal opened={open} onClose={stayOpen} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered title={t('force_logout.title')}>
      <Stack>
        <Text size="sm">{t('force_logout.text')}</Text>
        <Button onClick={() => browser.hardNavigate('/product')}>{t('force_logout.button')}</Button>
      </Stack>
    </Modal>
  );
}
