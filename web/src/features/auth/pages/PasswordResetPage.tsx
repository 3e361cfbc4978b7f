import { useState, type FormEvent } from 'react';
import { Button, Loader, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZPasswordResetConfirm, type TUnusableLinkState } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordFields } from '../../../components/PasswordFields';
import { QueryState } from '../../../components/QueryState';
import { UnusableLink, checkedLinkState, unusableLinkState } from '../../../components/UnusableLink';
import { useFormErrors, validate } from '../../../lib/forms';
import { usePasswordResetLink, useResetPassword } from '../api';

/** /password_reset/{access_token}: choose a new password with a mailed link. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { access_token: token = '' } = useParams();
  const link = usePasswordResetLink(token);
  const resetPassword = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const form = useFormErrors();
  const [ranOut, setRanOut] = useState<TUnusableLinkState | null>(null);
  // The check answers why a link cannot be used (`state`); a malformed one is refused (40011):
  // invalid. Other failures offer a retry.
  const unusable = ranOut ?? (link.data && link.data.state !== 'valid' ? link.data.state : checkedLinkState(link.error));

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.reset();
    const checked = validate(ZPasswordResetConfirm, { access_token: token, password, password_confirm: confirm });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await resetPassword.mutateAsync(checked.data);
      setDone(true);
    } catch (error) {
      // The link was used, replaced or ran out while the form was open: say so instead of the form.
      const state = unusableLinkState(error);
      if (state) setRanOut(state);
      else form.fromError(error);
    }
  }

  // Once the password is set, the link reads as used: the page keeps saying it worked.
  if (unusable && !done) return <UnusableLink title={t('route.password_reset')} flow="password_reset" state={unusable} />;
  return (
    <QueryState query={link} loading={<Loader mx="auto" />}>
      {() => (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Title order={2} size="h3">{t('route.password_reset')}</Title>
            {done ? (
              <>
                <FormAlert color="teal" message={t('id.password_changed')} />
                <Button component={Link} to="/login">{t('login.submit')}</Button>
              </>
            ) : (
              <>
                <FormAlert message={form.message} />
                <PasswordFields password={password} confirm={confirm} onChange={(p, c) => { setPassword(p); setConfirm(c); }} errors={{ password: form.error('password'), password_confirm: form.error('password_confirm') }} />
                <Button type="submit" loading={resetPassword.isPending}>{t('id.set_password')}</Button>
              </>
            )}
          </Stack>
        </form>
      )}
    </QueryState>
  );
}
