import { Button } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZLinkState } from '@portal/proto';
import { StatusPage } from '../../../components/StatusPage';
import { UnusableLink } from '../../../components/UnusableLink';

/**
 * /user_mailchange_success and /user_mailchange_fail (spec §2). The fail page says why when the
 * link page knew: the link's state (`?state=`: an address already changed says so and offers the
 * login), else the server's message.
 */
export default function MailChangeResultPage({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  if (ok) {
    return (
      <StatusPage code="✓" title={t('accounts.mailchange_success_title')} text={t('accounts.mailchange_success_text', { email: params.get('email') ?? '' })} action={false}>
        <Button component={Link} to="/login" mt="sm">{t('accounts.mailchange_to_login')}</Button>
      </StatusPage>
    );
  }
  const state = ZLinkState.safeParse(params.get('state'));
  if (state.success && state.data !== 'valid') {
    const title = state.data === 'used' ? t('accounts.mailchange_used_title') : t('accounts.mailchange_fail_title');
    return <UnusableLink title={title} flow="mail_update" state={state.data} />;
  }
  const message = (location.state as { message?: string } | null)?.message;
  return <StatusPage code="!" title={t('accounts.mailchange_fail_title')} text={message || t('accounts.mailchange_fail_text')} />;
}
