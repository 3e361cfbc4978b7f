import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ZAuthCode, ZLoginRequest, homePathFor, type TFieldErrors } from '@portal/proto';
import { ApiError, FormError } from '../../../lib/api';
import { browser, safeTarget } from '../../../lib/browser';
import { formMessageOf, validate } from '../../../lib/forms';
import { announceLogin } from '../../../lib/session-events';
import { forgetAuthInfo } from '../../../lib/use-session';
import { useLogin } from '../api';
import { AgreementLinks } from '../../terms';

type Field = 'email' | 'password' | 'privacy_agreed' | 'auth_code';

/** In the code step the code is required too. */
const ZLoginWithCode = ZLoginRequest.extend({ auth_code: ZAuthCode });

/**
 * Login (spec §2, §5): email, password and the privacy-policy agreement; submit stays disabled
 * until all are valid. The fields are checked with the contract's own schema and messages
 * (ZLoginRequest), so the page says what the server would. POST /v1/login answers auth_info, or
 * mfa_required after mailing a code; a new code can be asked for once the server's cooldown has
 * passed (the button counts down).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const login = useLogin();
  // The whole target, query included (pd, client_uuid and target_uri are kept, spec §2).
  const target = safeTarget(params.get('targetUrl'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [authCode, setAuthCode] = useState('');
  const [mfa, setMfa] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<TFieldErrors>({});
  const [formMessage, setFormMessage] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [resent, setResent] = useState(false);
  /** Seconds until another code may be mailed (the server says; the resend button waits). */
  const [resendIn, setResendIn] = useState(0);

  useEffect(() => {
    if (resendIn <= 0) return undefined;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  const checked = validate(mfa ? ZLoginWithCode : ZLoginRequest, { email, password, privacy_agreed: agreed, auth_code: mfa ? authCode : undefined });
  const clientErrors: TFieldErrors = checked.ok ? {} : checked.errors;
  const valid = checked.ok;

  const errorOf = (field: Field) => serverErrors[field]?.join(' ') || (touched[field] ? clientErrors[field]?.join(' ') : undefined) || undefined;
  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));

  /** The code step, after a code was mailed or a mail was refused (the earlier code stays valid). */
  function enterCodeStep(resendAfter: unknown) {
    setMfa(true);
    setResendIn(typeof resendAfter === 'number' && resendAfter > 0 ? Math.ceil(resendAfter) : 0);
  }

  function showError(error: unknown) {
    if (error instanceof FormError) {
      setServerErrors(error.errors);
      // A refused code is said under the code, not twice.
      setFormMessage(formMessageOf(error));
      if (error.result['mfa_required'] === true) enterCodeStep(error.result['resend_after']);
    } else if (error instanceof ApiError && error.message) {
      setFormMessage(error.message);
    }
  }

  /** The call's body as the contract reads it (the page sends only a valid form). */
  const loginInput = (code?: string) => validate(ZLoginRequest, { email, password, privacy_agreed: agreed, target_url: target ?? undefined, auth_code: code });

  /** A new code: the login call again without a code (only the latest code is valid). */
  async function resend() {
    if (resendIn > 0) return;
    setAuthCode('');
    setServerErrors({});
    setFormMessage('');
    setResent(false);
    const input = loginInput();
    if (!input.ok) return;
    try {
      const answer = await login.mutateAsync(input.data);
      enterCodeStep(answer.resend_after);
      setResent(true);
    } catch (error) {
      showError(error);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = loginInput(mfa ? authCode : undefined);
    if (!valid || !input.ok || submitting) return;
    setSubmitting(true);
    setServerErrors({});
    setFormMessage('');
    try {
      const answer = await login.mutateAsync(input.data);
      if (answer.mfa_required) {
        enterCodeStep(answer.resend_after);
        setSubmitting(false);
        return;
      }
      // The account lives in another region: the login continues on its home host (issue 9 item 9).
      if (answer.handoff_url && /^https?:\/\/[^/]+\/login\/handoff\//.test(answer.handoff_url)) {
        browser.hardNavigate(answer.handoff_url);
        return;
      }
      forgetAuthInfo(queryClient);
      announceLogin();
      browser.hardNavigate(safeTarget(answer.target_url) ?? target ?? homePathFor(answer.auth_info?.authority_info ?? null));
    } catch (error) {
      showError(error);
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">{t('login.title')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('login.subtitle')}</Text>
        </div>
        {formMessage && <Alert color="red" variant="light" role="alert">{formMessage}</Alert>}
        <TextInput
          label={t('login.email')}
          placeholder={t('login.email_placeholder')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          onBlur={() => touch('email')}
          error={errorOf('email')}
          disabled={mfa}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.password_placeholder')}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          onBlur={() => touch('password')}
          error={errorOf('password')}
          disabled={mfa}
        />
        {mfa && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>{t('login.auth_code')}</Text>
            <Text size="xs" c="dimmed">{t('login.auth_code_hint')}</Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              value={authCode}
              onChange={(value) => { setAuthCode(value); if (value.length === 6) touch('auth_code'); }}
              error={Boolean(errorOf('auth_code'))}
              aria-label={t('login.auth_code')}
            />
            {errorOf('auth_code') && <Text size="xs" c="red">{errorOf('auth_code')}</Text>}
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" px={4} onClick={() => void resend()} disabled={resendIn > 0}>
                {resendIn > 0 ? t('login.resend_in', { seconds: resendIn }) : t('login.resend_code')}
              </Button>
              {resent && <Text size="xs" c="teal">{t('login.code_resent')}</Text>}
            </Group>
          </Stack>
        )}
        <Checkbox
          label={t('login.privacy_agreed')}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          error={serverErrors['privacy_agreed']?.join(' ')}
        />
        <AgreementLinks />
        <Button type="submit" fullWidth size="md" disabled={!valid} loading={submitting}>
          {t('login.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/password_reset" size="sm">{t('login.forgot_password')}</Anchor>
          <Anchor component={Link} to="/user_signup_formonly" size="sm">{t('login.signup')}</Anchor>
        </Group>
      </Stack>
    </form>
  );
}
