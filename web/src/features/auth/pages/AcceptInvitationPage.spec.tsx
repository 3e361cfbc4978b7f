import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import AcceptInvitationPage from './AcceptInvitationPage';

const TOKEN = 'c'.repeat(32);
let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('invitation acceptance', () => {
  it('explains an expired invitation (24 hours) and to ask for a new one', async () => {
    mockApi({ 'GET /user/invite': { code: 40011, message: 'This invitation has expired.', errors: { access_token: ['This invitation has expired.'] }, result: { state: 'expired' } } });
    await renderPage(<AcceptInvitationPage />, { path: '/invite/:access_token', url: `/invite/${TOKEN}` });
    expect(await screen.findByText(/valid for 24 hours/)).toBeTruthy();
    expect(screen.getByText(/Ask the person who invited you to send a new one/)).toBeTruthy();
  });

  it('sets the password with both agreements and opens /product', async () => {
    const api = mockApi({
      'GET /user/invite': { result: { state: 'valid', email: 'hanako@example.com', company_name: 'Example KK', family_name: 'Sato', given_name: 'Hanako' } },
      'POST /user': { result: { mfa_required: false } },
    });
    await renderPage(<AcceptInvitationPage />, { path: '/invite/:access_token', url: `/invite/${TOKEN}` });
    expect(await screen.findByText('Example KK invited hanako@example.com. Set your password to start.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and start' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
    expect(api.calls('POST /user')[0]!.body).toEqual({ access_token: TOKEN, password: 'Secret-123', password_confirm: 'Secret-123', privacy_agreed: true, terms_agreed: true });
  });
});
