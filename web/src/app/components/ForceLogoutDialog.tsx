import { useEffect, useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser';
import { watchAccountChange } from '../../lib/session-events';

/** The dialog closes only through its button, which leaves the page. */
function stayOpen(): void {}

/**
 * Spec §2: when another account logs in in this browser (a support login included), say so and
 * go to /product. `identity` is lib/session-events' sessionIdentity when the tab's shell started;
 * a later render must not adopt the session that replaced it.
 */
export function ForceLogoutDialog({ identity }: { identity: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [watched] = useState(identity);
  useEffect(() => (watched ? watchAccountChange(watched, () => setOpen(true)) : undefined), [watched]);
  return (
    <Modal opened={open} onClose={stayOpen} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered title={t('force_logout.title')}>
      <Stack>
        <Text size="sm">{t('force_logout.text')}</Text>
        <Button onClick={() => browser.hardNavigate('/product')}>{t('force_logout.button')}</Button>
      </Stack>
    </Modal>
  );
}
