import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Every page of a support (proxy) login says so: the person works in a client's portal as support,
 * or (an operator's support login into a partner, issue 14) in a partner's area.
 */
export function SupportSessionBanner({ companyName, partner = false }: { companyName: string; partner?: boolean }) {
  const { t } = useTranslation();
  const text = partner
    ? (companyName ? t('support.banner_partner', { company: companyName }) : t('support.banner_partner_no_company'))
    : (companyName ? t('support.banner', { company: companyName }) : t('support.banner_no_company'));
  return (
    <Alert color="orange" variant="light" radius="md" mb="lg" py="xs" role="status" title={t('support.banner_title')}>
      {text}
    </Alert>
  );
}
