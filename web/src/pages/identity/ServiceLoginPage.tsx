import { useEffect, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZProductId } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { ApiError, apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { readSessionHint } from '../../lib/session';
import { StatusPage } from '../StatusPage';

/** /servicelogin/{productname}/{channelname}: single sign-on into a product. */
export default function ServiceLoginPage() {
  const { t } = useTranslation();
  const { productname = '', channelname = '' } = useParams();
  const [message, setMessage] = useState('');
  const started = useRef(false);
  const product = ZProductId.safeParse(productname);

  useEffect(() => {
    if (started.current || !product.success) return;
    if (!readSessionHint().principal) {
      browser.hardNavigate(`/login?targetUrl=${encodeURIComponent(`/servicelogin/${productname}/${channelname}`)}`);
      return;
    }
    started.current = true;
    const path = readSessionHint().principal?.proxy ? '/product/proxy_login' : '/product/sso_login';
    apiRequest('post', path, { quiet: true, payload: { product: product.data, channel: channelname }, outlivesRoute: true })
      .then((r) => browser.hardNavigate(String(r.redirect_url)), (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('id.sso_failed')));
  }, [product.success, product.data, productname, channelname, t]);

  if (!product.success) return <StatusPage code="404" title={t('errors.not_found_title')} text={t('errors.not_found_text')} />;
  if (!message) return <Stack align="center"><Loader /><Text c="dimmed" size="sm">{t('id.opening_product', { product: productname })}</Text></Stack>;
  return (
    <StatusPage code="!" title={t('route.service_login')} text="">
      <FormAlert message={message} />
    </StatusPage>
  );
}
