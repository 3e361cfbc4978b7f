import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZInviteAccept } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { PasswordFields } from '../../components/PasswordFields';
import { ApiError, FormError, apiRequest } from '../../lib/api';
import { browser } from '../../lib/browser';
import { useFormErrors, validate } from '../../lib/forms';
import { announceLogin } from '../../lib/session-events';

/** An unknown or expired token (40011 on access_token) reads as "expired"; other refusals say why. */
function refusal(error: unknown): false | string {
  if (error instanceof FormError || !(error instanceof ApiError) || !error.message) return false;
  return error.message;
}

/** /invite/{access_token}: an invited person sets a password with the agreements (valid 24 hours). */
export default function InvitePage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  // null: loading; false: expired or unknown token; string: another refusal's message.
  const [info, setInfo] = useState<{ email: string; company_name: string } | null | false | string>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [privacy, setPrivacy] = useState(false);
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  useEffect(() => {
    apiRequest('get', '/user/invite', { quiet: true, payload: { access_token: token } })
      .then((r) => setInfo({ email: String(r.email), company_name: String(r.company_name) }), (error: unknown) => setInfo(refusal(error)));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZInviteAccept, { access_token: token, password, password_confirm: confirm, privacy_agreed: privacy, terms_agreed: terms });
    if (!checked.ok) return form.setErrors(checked.errors);
    setBusy(true);
    try {
      await apiRequest('post', '/user', { quiet: true, payload: checked.data });
      announceLogin();
      browser.hardNavigate('/product');
    } catch (error) {
      // The invitation ran out while the form was open.
      if (error instanceof FormError && error.errors['access_token']) setInfo(false);
      else form.fromError(error);
      setBusy(false);
    }
  }

  if (info === null) return <Loader mx="auto" />;
  if (info === false || typeof info === 'string') {
    return (
      <Stack gap="md">
        <Title order={2} size="h3">{t('route.invite')}</Title>
        <FormAlert message={info === false ? t('id.invite_expired') : info} />
      </Stack>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">{t('route.invite')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('id.invite_intro', { company: info.company_name, email: info.email })}</Text>
        </div>
        <FormAlert message={form.message} />
        <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
        <Checkbox label={t('id.agree_terms')} checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} error={form.error('terms_agreed')} />
        <Checkbox label={t('login.privacy_agreed')} checked={privacy} onChange={(e) => setPrivacy(e.currentTarget.checked)} error={form.error('privacy_agreed')} />
        <Button type="submit" loading={busy}>{t('id.set_password_and_start')}</Button>
      </Stack>
    </form>
  );
}
