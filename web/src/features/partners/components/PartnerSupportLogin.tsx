import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TRegion } from '@portal/proto';
import { ApiError } from '../../../lib/api';
import { openInNewTab } from '../../../lib/browser';
import { toast } from '../../../lib/toast';
import { usePartnerSupportLogin } from '../api';

/**
 * Issue 14: the operator's support login into a partner's area (spec §6: in-house is set there).
 * As the client list's: a dialog says the support session replaces this browser's session, then
 * the single-use link opens in a new tab (or is offered in the dialog when the tab was blocked).
 */
export function PartnerSupportLogin({ partner }: { partner: { uuid: string; region: TRegion; company_name: string } }) {
  const { t } = useTranslation();
  const issue = usePartnerSupportLogin();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState('');
  const [blockedUrl, setBlockedUrl] = useState('');

  function close() {
    setOpen(false);
    setError('');
    setBlockedUrl('');
  }

  async function start() {
    setError('');
    try {
      const issued = await issue.mutateAsync({ partner_uuid: partner.uuid, region: partner.region });
      if (openInNewTab(issued.url)) {
        toast(t('partners.support_login_opened', { company: partner.company_name }), 'success');
        close();
      } else {
        setBlockedUrl(issued.url);
      }
    } catch (e) {
      // The partner may have been suspended since the page was read: say why.
      setError(e instanceof ApiError && e.message ? e.message : t('id.proxy_failed'));
    }
  }

  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>{t('clients.support_login')}</Button>
      <Modal opened={open} onClose={close} centered title={t('clients.confirm_title')} size="lg">
        <Stack>
          <Text size="sm">{t('partners.support_login_text', { company: partner.company_name })}</Text>
          <Alert color="orange" variant="light">{t('clients.confirm_replace')}</Alert>
          {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
          {blockedUrl && (
            <Alert color="yellow" variant="light" role="alert">
              {t('clients.popup_blocked')}{' '}
              <Anchor href={blockedUrl} target="_blank" rel="noopener noreferrer" onClick={close}>{t('partners.support_login_open')}</Anchor>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{t('common.cancel')}</Button>
            <Button onClick={() => void start()} loading={issue.isPending} disabled={Boolean(error || blockedUrl)}>{t('partners.support_login_open')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
