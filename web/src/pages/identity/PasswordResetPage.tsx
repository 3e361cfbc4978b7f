import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPasswordResetConfirm } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { PasswordFields } from '../../components/PasswordFields';
import { apiRequest } from '../../lib/api';
import { useFormErrors, validate } from '../../lib/forms';

/** /password_reset/{access_token}: choose a new password with a mailed link. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const [valid, setValid] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors();

  useEffect(() => {
    apiRequest('get', '/password_reset', { payload: { access_token: token } })
      .then((r) => setValid(r.valid === true), () => setValid(false));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZPasswordResetConfirm, { access_token: token, password, password_confirm: confirm });
    if (!checked.ok) return form.setErrors(checked.errors);
    setBusy(true);
    try {
      await apiRequest('put', '/password_reset', { quiet: true, payload: checked.data });
      setDone(true);
    } catch (error) {
      form.fromError(error);
    } finally {
      setBusy(false);
    }
  }

  if (valid === null) return <Loader mx="auto" />;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">{t('route.password_reset')}</Title>
        {!valid ? (
          <>
            <FormAlert message={t('id.link_expired')} />
            <Anchor component={Link} to="/password_reset" size="sm">{t('id.request_again')}</Anchor>
          </>
        ) : done ? (
          <>
            <FormAlert color="teal" message={t('id.password_changed')} />
            <Button component={Link} to="/login">{t('login.submit')}</Button>
          </>
        ) : (
          <>
            <FormAlert message={form.message} />
            <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
            <Button type="submit" loading={busy}>{t('id.set_password')}</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
