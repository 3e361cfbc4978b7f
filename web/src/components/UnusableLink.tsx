import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LINK_STATE_MESSAGES, ZLinkState, type TLinkFlow, type TUnusableLinkState } from '@portal/proto';
import { FormError } from '../lib/api';
import { currentLanguage } from '../lib/locale';
import { renderMessage } from '../lib/server-messages';

/**
 * Why a mailed link cannot be used, from a refusal: the `state` a 40011 carries (used, expired,
 * replaced, invalid). Null for any other failure: a form's field error, or a network failure (a
 * retry, not a dead link).
 */
export function unusableLinkState(error: unknown): TUnusableLinkState | null {
  if (!(error instanceof FormError)) return null;
  const state = ZLinkState.safeParse(error.result['state']);
  return state.success && state.data !== 'valid' ? state.data : null;
}

/**
 * The same for the read that checks a link, whose only input is the link: a 40011 without a state
 * refused its form (a cut-off link the request's schema rejects), so it is `invalid`.
 */
export function checkedLinkState(error: unknown): TUnusableLinkState | null {
  return unusableLinkState(error) ?? (error instanceof FormError ? 'invalid' : null);
}

/** Where the visitor goes next, by flow and state; none where only someone else can help (a new invitation). */
const NEXT: Record<TLinkFlow, Partial<Record<TUnusableLinkState, { to: string; label: string }>>> = {
  invitation: { used: { to: '/login', label: 'login.submit' } },
  password_reset: {
    used: { to: '/login', label: 'login.submit' },
    expired: { to: '/password_reset', label: 'id.request_again' },
    replaced: { to: '/login', label: 'id.back_to_login' },
    invalid: { to: '/password_reset', label: 'id.request_again' },
  },
  signup: {
    used: { to: '/login', label: 'login.submit' },
    expired: { to: '/user_signup_formonly', label: 'id.register_again' },
    invalid: { to: '/user_signup_formonly', label: 'id.register_again' },
  },
  mail_update: { used: { to: '/login', label: 'login.submit' } },
};

/**
 * A mailed link that cannot be used: the page's title, why in the words the server uses for it
 * (LINK_STATE_MESSAGES), and the next step. "Already used" is news, not an error (blue); the
 * others are warnings.
 */
export function UnusableLink({ title, flow, state }: { title: string; flow: TLinkFlow; state: TUnusableLinkState }) {
  const { t } = useTranslation();
  const next = NEXT[flow][state];
  return (
    <Stack gap="md" data-link-state={state}>
      <Title order={2} size="h3">{title}</Title>
      <Alert color={state === 'used' ? 'blue' : 'orange'} variant="light" role={state === 'used' ? 'status' : 'alert'}>
        {renderMessage(currentLanguage(), LINK_STATE_MESSAGES[flow][state])}
      </Alert>
      {next && <Button component={Link} to={next.to} variant={state === 'used' ? 'filled' : 'light'}>{t(next.label)}</Button>}
    </Stack>
  );
}
