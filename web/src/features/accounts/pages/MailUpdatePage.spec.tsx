import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { LINK_STATE_MESSAGES, renderMessage, type TUnusableLinkState } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import MailChangeResultPage from './MailChangeResultPage';
import MailUpdatePage from './MailUpdatePage';

const USER = '3b241101-e2bb-4255-8caf-4136c566a901';
const TOKEN = 'jpn.' + 'd'.repeat(40);
const text = (state: TUnusableLinkState) => renderMessage('en-us', LINK_STATE_MESSAGES.mail_update[state]);

describe('email change link (/account_mail_update)', () => {
  it('applies the change and shows the new address', async () => {
    mockApi({ 'POST /user/account_mail': { result: { email: 'new@example.com' } } });
    await renderPage(<MailUpdatePage />, { path: '/account_mail_update/:user_uuid/:access_token', url: `/account_mail_update/${USER}/${TOKEN}` });
    await waitFor(() => expect(seen.pathname).toBe('/user_mailchange_success'));
    expect(new URLSearchParams(seen.search).get('email')).toBe('new@example.com');
  });

  it('passes the state of a link that cannot be used on to the result page', async () => {
    mockApi({ 'POST /user/account_mail': { code: 40011, message: text('used'), errors: { access_token: [text('used')] }, result: { state: 'used' } } });
    await renderPage(<MailUpdatePage />, { path: '/account_mail_update/:user_uuid/:access_token', url: `/account_mail_update/${USER}/${TOKEN}` });
    await waitFor(() => expect(seen.pathname).toBe('/user_mailchange_fail'));
    expect(seen.search).toBe('?state=used');
  });

  it('already applied: says so, with the login', async () => {
    await renderPage(<MailChangeResultPage ok={false} />, { path: '/user_mailchange_fail', url: '/user_mailchange_fail?state=used' });
    expect(screen.getByRole('heading', { name: 'Email address already changed' })).toBeTruthy();
    expect(screen.getByText(text('used'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  for (const state of ['expired', 'replaced', 'invalid'] as const) {
    it(`${state}: says why the address could not be changed`, async () => {
      await renderPage(<MailChangeResultPage ok={false} />, { path: '/user_mailchange_fail', url: `/user_mailchange_fail?state=${state}` });
      expect(screen.getByRole('heading', { name: 'The email address could not be changed' })).toBeTruthy();
      expect(screen.getByText(text(state))).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    });
  }

  it('without a state, says the change failed in general terms', async () => {
    await renderPage(<MailChangeResultPage ok={false} />, { path: '/user_mailchange_fail', url: '/user_mailchange_fail' });
    expect(screen.getByRole('heading', { name: 'The email address could not be changed' })).toBeTruthy();
    expect(screen.getByText(/ask your administrator/i)).toBeTruthy();
  });
});
