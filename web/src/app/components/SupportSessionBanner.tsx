import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Every page of a support (proxy) login says so: the person works in a client's portal as support. */
export function SupportSessionBanner({ companyName }: { companyName: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" radius="md" mb="lg" py="xs" role="status" title={t('support.banner_title')}>
      {companyName ? t('support.banner', { company: companyName }) : t('support.banner_no_company')}
    </Alert>
  );
}
