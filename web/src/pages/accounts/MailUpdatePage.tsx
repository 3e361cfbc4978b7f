import { useEffect } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api';

/** /account_mail_update/{user_uuid}/{access_token}: applies the change, then shows the result page. */
export default function MailUpdatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user_uuid: userUuid = '', access_token: accessToken = '' } = useParams();
  useEffect(() => {
    apiRequest('put', '/account_mail_update', { payload: { user_uuid: userUuid, access_token: accessToken }, quiet: true }).then(
      (result) => navigate(`/user_mailchange_success?email=${encodeURIComponent(String(result.email ?? ''))}`, { replace: true }),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        navigate('/user_mailchange_fail', { replace: true });
      },
    );
  }, [userUuid, accessToken, navigate]);
  return (
    <Stack align="center" py="xl">
      <Loader />
      <Text c="dimmed">{t('accounts.mailchange_checking')}</Text>
    </Stack>
  );
}
