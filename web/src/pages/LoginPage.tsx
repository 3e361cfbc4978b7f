import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ZEmail, ZLoginResponse, homePathFor, type TFieldErrors } from '@portal/proto';
import { ApiError, FormError, apiRequest } from '../lib/api';
import { browser, safeTarget } from '../lib/browser';
import { announceLogin } from '../lib/session-events';
import { forgetAuthInfo } from '../lib/use-session';

type Field = 'email' | 'password' | 'privacy_agreed' | 'auth_code';

/**
 * Login (spec §2, §5): email, password and the privacy-policy agreement; submit stays disabled
 * until all are valid. POST /v1/login answers auth_info, or mfa_required after mailing a code.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
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

  const emailValid = ZEmail.safeParse(email.trim()).success;
  const codeValid = /^\d{6}$/.test(authCode);
  const valid = emailValid && password.length > 0 && agreed && (!mfa || codeValid);

  const clientError = (field: Field): string | undefined => {
    if (!touched[field]) return undefined;
    if (field === 'email') return !email.trim() ? t('login.email_required') : emailValid ? undefined : t('login.email_invalid');
    if (field === 'password') return password ? undefined : t('login.password_required');
    if (field === 'auth_code') return codeValid ? undefined : t('login.auth_code_required');
    return undefined;
  };
  const errorOf = (field: Field) => serverErrors[field]?.join(' ') || clientError(field);
  const touch = (field: Field) => setTouched((s) => ({ ...s, [field]: true }));

  /** A new code: the login call again without a code (only the latest code is valid). */
  async function resend() {
    setAuthCode('');
    setServerErrors({});
    setFormMessage('');
    try {
      await apiRequest('post', '/login', { quiet: true, payload: { email: email.trim(), password, privacy_agreed: agreed, target_url: target ?? undefined } });
      setFormMessage('');
      setResent(true);
    } catch (error) {
      if (error instanceof ApiError && error.message) setFormMessage(error.message);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || submitting) return;
    setSubmitting(true);
    setServerErrors({});
    setFormMessage('');
    try {
      const result = await apiRequest('post', '/login', {
        quiet: true,
        payload: {
          email: email.trim(), password, privacy_agreed: agreed,
          target_url: target ?? undefined,
          auth_code: mfa ? authCode : undefined,
        },
      });
      const answer = ZLoginResponse.parse(result);
      if (answer.mfa_required) {
        setMfa(true);
        setSubmitting(false);
        return;
      }
      forgetAuthInfo(queryClient);
      announceLogin();
      browser.hardNavigate(safeTarget(answer.target_url) ?? target ?? homePathFor(answer.auth_info?.authority_info ?? null));
    } catch (error) {
      if (error instanceof FormError) {
        setServerErrors(error.errors);
        setFormMessage(error.message);
      } else if (error instanceof ApiError && error.message) {
        setFormMessage(error.message);
      }
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
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>{t('login.resend_code')}</Anchor>
              {resent && <Text size="xs" c="teal.7">{t('login.code_resent')}</Text>}
            </Group>
          </Stack>
        )}
        <Checkbox
          label={t('login.privacy_agreed')}
          checked={agreed}
          onChange={(e) => setAgreed(e.currentTarget.checked)}
          error={serverErrors['privacy_agreed']?.join(' ')}
        />
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
