import { useState } from 'react';
import { Button } from '@mantine/core';
import { SupportLoginDialog } from '../../../components/SupportLoginDialog';
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
      <SupportLoginDialog opened={open} onClose={close} text={t('partners.support_login_text', { company: partner.company_name })}
        openLabel={t('partners.support_login_open')} error={error} blockedUrl={blockedUrl} pending={issue.isPending} onOpen={() => void start()} />
    </>
  );
}
