import { useEffect, useRef, useState } from 'react';
import { Loader, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert';
import { StatusPage } from '../../../components/StatusPage';
import { ApiError } from '../../../lib/api';
import { browser } from '../../../lib/browser';
import { announceLogin } from '../../../lib/session-events';
import { useProxyLogin } from '../api';

/** /proxy_login/{access_token}: open a client's portal as support (spec §6). */
export default function ProxyLoginPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const { mutateAsync: proxyLogin } = useProxyLogin();
  const [message, setMessage] = useState('');
  // The link is single-use: redeem it once, even if the effect runs again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    proxyLogin({ access_token: token })
      .then(() => { announceLogin(); browser.hardNavigate('/product'); }, (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('id.proxy_failed')));
  }, [token, t, proxyLogin]);

  if (!message) return <Stack align="center"><Loader /></Stack>;
  return (
    <StatusPage code="!" title={t('route.proxy_login')} text="">
      <FormAlert message={message} />
    </StatusPage>
  );
}
