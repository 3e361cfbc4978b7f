import { useEffect, useRef, useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZProductId, ZSsoTargetUri } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { StatusPage } from '../../../components/StatusPage';
import { ApiError } from '../../../lib/api';
import { browser, loginUrl } from '../../../lib/browser';
import { readSessionHint } from '../../../lib/session';
import { useServiceLogin } from '../api';

/**
 * /servicelogin/{productname}/{channelname}: single sign-on into a product. A `target_uri` query
 * (kept through login, spec §2) goes with the token so the product lands there; one that is not
 * a product path or URL is left out (the server refuses it too) and the product opens at its start.
 */
export default function ServiceLoginPage() {
  const { t } = useTranslation();
  const { productname = '', channelname = '' } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const targetUri = ZSsoTargetUri.safeParse(search.get('target_uri') ?? undefined);
  const [message, setMessage] = useState('');
  const started = useRef(false);
  const product = ZProductId.safeParse(productname);
  const { mutateAsync: serviceLogin } = useServiceLogin(readSessionHint().principal?.proxy ?? false);

  useEffect(() => {
    if (started.current || !product.success) return;
    if (!readSessionHint().principal) {
      // The whole address, query included (pd, client_uuid and target_uri are kept through login).
      browser.hardNavigate(loginUrl(here));
      return;
    }
    started.current = true;
    serviceLogin({ product: product.data, channel: channelname, ...(targetUri.success ? { target_uri: targetUri.data } : {}) })
      .then((r) => browser.hardNavigate(r.redirect_url), (error: unknown) => setMessage(error instanceof ApiError && error.message ? error.message : t('id.sso_failed')));
  }, [product.success, product.data, productname, channelname, targetUri.success, targetUri.data, here, t, serviceLogin]);

  if (!product.success) return <StatusPage code="404" title={t('errors.not_found_title')} text={t('errors.not_found_text')} />;
  if (!message) return <Stack align="center"><Loader /><Text c="dimmed" size="sm">{t('id.opening_product', { product: productname })}</Text></Stack>;
  return (
    <StatusPage code="!" title={t('route.service_login')} text="">
      <FormAlert message={message} />
    </StatusPage>
  );
}
