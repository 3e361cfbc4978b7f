import { useEffect, useRef, useState } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { homePathFor } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { StatusPage } from '../../../components/StatusPage';
import { ApiError } from '../../../lib/api';
import { browser, safeTarget } from '../../../lib/browser';
import { announceLogin } from '../../../lib/session-events';
import { useLoginHandoff } from '../api';

/**
 * /login/handoff/{access_token} on the account's home host (issue 9 item 9): the login another
 * region's host verified becomes a session here. The token is single-use: redeemed once.
 */
export default function LoginHandoffPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const { mutateAsync: handoff } = useLoginHandoff();
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    handoff({ access_token: token }).then(
      (answer) => {
        announceLogin();
        browser.hardNavigate(safeTarget(answer.target_url) ?? homePathFor(answer.auth_info?.authority_info ?? null));
      },
      (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('errors.server_error_title')),
    );
  }, [token, t, handoff]);

  if (!message) {
    return (
      <Stack align="center">
        <Loader />
        <Text size="sm" c="dimmed">{t('region_handoff.continuing')}</Text>
      </Stack>
    );
  }
  return (
    <StatusPage code="!" title={t('route.login_handoff')} text="">
      <FormAlert message={message} />
      <Button component={Link} to="/login" variant="default">{t('route.login')}</Button>
    </StatusPage>
  );
}
