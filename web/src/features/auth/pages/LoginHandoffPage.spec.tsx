import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import LoginHandoffPage from './LoginHandoffPage';

let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('login hand-off page (/login/handoff/:access_token, issue 9)', () => {
  it('redeems the token once and goes to the kept target', async () => {
    const api = mockApi({ 'POST /login/handoff': { result: { mfa_required: false, target_url: '/user/list' } } });
    await renderPage(<LoginHandoffPage />, { path: '/login/handoff/:access_token', url: '/login/handoff/usa.tok-123' });
    expect(screen.getByText('Continuing to your region\'s portal…')).toBeTruthy();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/user/list'));
    expect(api.calls('POST /login/handoff')).toHaveLength(1);
    expect(api.calls('POST /login/handoff')[0]!.body).toEqual({ access_token: 'usa.tok-123' });
  });

  it('says why a used or expired token cannot log in, and offers the login page', async () => {
    mockApi({ 'POST /login/handoff': { code: 40011, message: 'This sign-in link has already been used or has expired. Please log in again.' } });
    await renderPage(<LoginHandoffPage />, { path: '/login/handoff/:access_token', url: '/login/handoff/usa.used' });
    expect(await screen.findByText('This sign-in link has already been used or has expired. Please log in again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(navigate).not.toHaveBeenCalled();
  });
});
