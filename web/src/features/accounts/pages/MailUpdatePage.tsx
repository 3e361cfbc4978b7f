import { useEffect, useRef } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { unusableLinkState } from '../../../components/UnusableLink';
import { ApiError } from '../../../lib/api';
import { useConfirmMailChange } from '../api';

/**
 * /account_mail_update/{user_uuid}/{access_token}: applies the change, then shows the result
 * page: success, or why not (the link's state: already applied, expired, replaced, invalid; or the
 * server's message, e.g. the address was taken meanwhile).
 */
export default function MailUpdatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user_uuid: userUuid = '', access_token: accessToken = '' } = useParams();
  const { mutateAsync: confirmChange } = useConfirmMailChange();
  // The link is single-use: apply it once, even if the effect runs again.
  const started = useRef('');

  useEffect(() => {
    const link = `${userUuid}/${accessToken}`;
    if (started.current === link) return;
    started.current = link;
    confirmChange({ user_uuid: userUuid, access_token: accessToken }).then(
      (result) => navigate(`/user_mailchange_success?email=${encodeURIComponent(result.email)}`, { replace: true }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const state = unusableLinkState(error);
        if (state) navigate(`/user_mailchange_fail?state=${state}`, { replace: true });
        else navigate('/user_mailchange_fail', { replace: true, state: { message: error instanceof ApiError ? error.message : '' } });
      },
    );
  }, [userUuid, accessToken, navigate, confirmChange]);

  return (
    <Stack align="center" py="xl">
      <Loader />
      <Text c="dimmed">{t('accounts.mailchange_checking')}</Text>
    </Stack>
  );
}
