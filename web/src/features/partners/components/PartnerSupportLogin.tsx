import { Button } from '@mantine/core';
import { SupportLoginDialog, useSupportLoginFlow } from '../../../components/SupportLoginDialog';
import { useTranslation } from 'react-i18next';
import type { TRegion } from '@portal/proto';
import { usePartnerSupportLogin } from '../api';

/**
 * Issue 14: the operator's support login into a partner's area (spec §6: in-house is set there).
 * As the client list's: a dialog says the support session replaces this browser's session, then
 * the single-use link opens in a new tab (or is offered in the dialog when the tab was blocked).
 */
export function PartnerSupportLogin({ partner }: { partner: { uuid: string; region: TRegion; company_name: string } }) {
  const { t } = useTranslation();
  const issue = usePartnerSupportLogin();
  const flow = useSupportLoginFlow({
    issue: (p: typeof partner) => issue.mutateAsync({ partner_uuid: p.uuid, region: p.region }),
    openedText: (p) => t('partners.support_login_opened', { company: p.company_name }),
    // The partner may have been suspended since the page was read.
    fallbackError: t('id.proxy_failed'),
  });

  return (
    <>
      <Button variant="light" onClick={() => flow.open(partner)}>{t('clients.support_login')}</Button>
      <SupportLoginDialog opened={flow.target !== null} onClose={flow.close} text={t('partners.support_login_text', { company: partner.company_name })}
        openLabel={t('partners.support_login_open')} error={flow.error} blockedUrl={flow.blockedUrl} pending={issue.isPending} onOpen={() => void flow.start()} />
    </>
  );
}
