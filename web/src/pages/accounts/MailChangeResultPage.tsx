import { Button } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../StatusPage';

/** /user_mailchange_success and /user_mailchange_fail (spec §2). */
export default function MailChangeResultPage({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  return ok ? (
    <StatusPage code="✓" title={t('accounts.mailchange_success_title')} text={t('accounts.mailchange_success_text', { email })} action={false}>
      <Button component={Link} to="/login" mt="sm">{t('accounts.mailchange_to_login')}</Button>
    </StatusPage>
  ) : (
    <StatusPage code="!" title={t('accounts.mailchange_fail_title')} text={t('accounts.mailchange_fail_text')} />
  );
}
