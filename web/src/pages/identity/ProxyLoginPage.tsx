import { useEffect, useRef, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/FormAlert';
import { ApiError, apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { announceLogin } from '../../lib/session-events';
import { StatusPage } from '../StatusPage';

/** /proxy_login/{access_token}: open a client's portal as support (spec §6). */
export default function ProxyLoginPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiRequest('post', '/proxy_login', { quiet: true, payload: { access_token: token }, outlivesRoute: true })
      .then(() => { announceLogin(); browser.hardNavigate('/product'); }, (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('id.proxy_failed')));
  }, [token, t]);

  if (!message) return <Stack align="center"><Loader /></Stack>;
  return (
    <StatusPage code="!" title={t('route.proxy_login')} text="">
      <FormAlert message={message} />
    </StatusPage>
  );
}
