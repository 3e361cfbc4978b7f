import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LINK_STATE_MESSAGES, renderMessage, type TLinkFlow, type TUnusableLinkState } from '@portal/proto';
import { browser } from '../../../lib/browser';
import { mockApi, type MockAnswer } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import AcceptInvitationPage from './AcceptInvitationPage';
import PasswordResetPage from './PasswordResetPage';
import SignupPage from './SignupPage';

/**
 * The mailed-link pages branch on the state the server answers (used, expired, replaced,
 * invalid): each says why in the server's words and offers the next step that fits.
 */
const TOKEN = 'c'.repeat(32);
const text = (flow: TLinkFlow, state: TUnusableLinkState) => renderMessage('en-us', LINK_STATE_MESSAGES[flow][state]);
/** A link check's refusal: 40011 with the state (the message is the server's, in its words). */
const refusal = (flow: TLinkFlow, state: TUnusableLinkState): MockAnswer => ({
  code: 40011, message: text(flow, state), errors: { access_token: [text(flow, state)] }, result: { state },
});

interface Page { flow: TLinkFlow; route: string; check: string; page: ReactElement; title: string }
const PAGES: Page[] = [
  { flow: 'invitation', route: '/invite/:access_token', check: 'GET /user/invite', page: <AcceptInvitationPage />, title: 'Accept invitation' },
  { flow: 'signup', route: '/signup/:access_token', check: 'GET /client/info', page: <SignupPage />, title: 'Complete your registration' },
  { flow: 'password_reset', route: '/password_reset/:access_token', check: 'GET /password_reset', page: <PasswordResetPage />, title: 'Set a new password' },
];
/** The next step each page offers per state (none where only the sender can help). */
const NEXT: Record<TLinkFlow, Record<TUnusableLinkState, { name: string; to: string } | null>> = {
  invitation: { used: { name: 'Log in', to: '/login' }, expired: null, replaced: null, invalid: null },
  signup: {
    used: { name: 'Log in', to: '/login' }, expired: { name: 'Register again', to: '/user_signup_formonly' },
    replaced: null, invalid: { name: 'Register again', to: '/user_signup_formonly' },
  },
  password_reset: {
    used: { name: 'Log in', to: '/login' }, expired: { name: 'Request a new link', to: '/password_reset' },
    replaced: { name: 'Back to login', to: '/login' }, invalid: { name: 'Request a new link', to: '/password_reset' },
  },
  mail_update: { used: { name: 'Log in', to: '/login' }, expired: null, replaced: null, invalid: null },
};
const STATES: TUnusableLinkState[] = ['used', 'expired', 'replaced', 'invalid'];

beforeEach(() => {
  vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('mailed links that cannot be used', () => {
  for (const { flow, route, check, page, title } of PAGES) {
    for (const state of STATES) {
      it(`${flow}, ${state}: says why and offers the next step`, async () => {
        // The password-reset check answers its state in a 20000; the others refuse with it.
        mockApi({ [check]: flow === 'password_reset' ? { result: { valid: false, state } } : refusal(flow, state) });
        await renderPage(page, { path: route, url: route.replace(':access_token', TOKEN) });
        expect(await screen.findByText(text(flow, state))).toBeTruthy();
        expect(screen.getByRole('heading', { name: title })).toBeTruthy();
        const next = NEXT[flow][state];
        if (next) {
          fireEvent.click(screen.getByRole('link', { name: next.name }));
          await waitFor(() => expect(seen.pathname).toBe(next.to));
        } else {
          expect(screen.queryByRole('link')).toBeNull();
        }
        // Nothing of the form is left to fill in.
        expect(screen.queryByLabelText(/^New password/)).toBeNull();
      });
    }
  }

  it('an invitation already accepted says so and links to the login, not "ask for a new one"', async () => {
    mockApi({ 'GET /user/invite': refusal('invitation', 'used') });
    await renderPage(<AcceptInvitationPage />, { path: '/invite/:access_token', url: `/invite/${TOKEN}` });
    expect(await screen.findByText('This invitation has already been accepted. Log in with your email address and password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/expired/)).toBeNull();
  });

  it('a used sign-up link says the company is registered and links to the login', async () => {
    mockApi({ 'GET /client/info': refusal('signup', 'used') });
    await renderPage(<SignupPage />, { path: '/signup/:access_token', url: `/signup/${TOKEN}` });
    expect(await screen.findByText(/the company is registered/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('a cut-off link the server refuses without a state reads as invalid', async () => {
    mockApi({ 'GET /user/invite': { code: 40011, message: 'Please check the highlighted fields.', errors: { access_token: ['link must be at least 16 characters.'] } } });
    await renderPage(<AcceptInvitationPage />, { path: '/invite/:access_token', url: '/invite/short' });
    expect(await screen.findByText(text('invitation', 'invalid'))).toBeTruthy();
  });

  it('a network failure of the check is a retry, not a dead link', async () => {
    mockApi({ 'GET /client/info': { status: 503, code: 50000, message: 'Service unavailable.' } });
    await renderPage(<SignupPage />, { path: '/signup/:access_token', url: `/signup/${TOKEN}` });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy();
    for (const state of STATES) expect(screen.queryByText(text('signup', state))).toBeNull();
  });

  it('an invitation accepted elsewhere while the form was open says so on submit', async () => {
    mockApi({
      'GET /user/invite': { result: { state: 'valid', email: 'hanako@example.com', company_name: 'Example KK', family_name: 'Sato', given_name: 'Hanako' } },
      'POST /user': refusal('invitation', 'used'),
    });
    await renderPage(<AcceptInvitationPage />, { path: '/invite/:access_token', url: `/invite/${TOKEN}` });
    await screen.findByText('Example KK invited hanako@example.com. Set your password to start.');
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and start' }));
    expect(await screen.findByText(text('invitation', 'used'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
