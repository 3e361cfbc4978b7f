import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie, setViewportWidth } from '../../../test/render';
import ProfilePage from './ProfilePage';

const session = (id: string, current: boolean, extra: Record<string, unknown> = {}) => ({
  id, current, device: current ? 'Chrome on macOS' : 'Safari on iPhone', ip: '203.0.113.7',
  created_at: '2025-01-02T03:04:05.000Z', last_used_at: '2025-01-03T03:04:05.000Z', proxy: false, actor: null, ...extra,
});

describe('profile sessions', () => {
  it('lists sessions, marks the current one and ends another after confirmation', async () => {
    setCookie('level', '6');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [session('s1', true), session('s2', false)] } },
      'DELETE /profile/sessions': { result: {} },
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    expect(await screen.findByText('Safari on iPhone')).toBeTruthy();
    expect(screen.getByText('This session')).toBeTruthy();
    // In the host's zone (the test host is Japanese), named; not in the browser's zone.
    expect(screen.getAllByText('Jan 2, 2025, 12:04 PM GMT+9')).toHaveLength(2);
    const ends = screen.getAllByRole('button', { name: 'End' });
    expect(ends).toHaveLength(1);
    fireEvent.click(ends[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(api.calls('DELETE /profile/sessions')).toHaveLength(1));
    expect(api.calls('DELETE /profile/sessions')[0]!.query.get('session_id')).toBe('s2');
    expect(screen.queryByText('Support sessions')).toBeNull();
  });

  it('shows the times of the US host in its zone', async () => {
    setCookie('level', '6');
    mockApi({ 'GET /profile/sessions': { result: { sessions: [session('s1', true)] } } });
    await renderPage(<ProfilePage />, { url: '/profile', region: 'usa' });
    expect(await screen.findByText('Jan 1, 2025, 10:04 PM EST')).toBeTruthy();
    expect(screen.getByText('Jan 2, 2025, 10:04 PM EST')).toBeTruthy();
  });

  it('shows an owner the support sessions and ends one', async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [session('s1', true)] } },
      'GET /support_sessions': { result: { sessions: [session('p1', false, { proxy: true, actor: 'Agency KK' })] } },
      'DELETE /support_sessions': { result: {} },
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    expect(await screen.findByText('Agency KK')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(api.calls('DELETE /support_sessions')).toHaveLength(1));
    expect(api.calls('DELETE /support_sessions')[0]!.query.get('session_id')).toBe('p1');
  });
});

describe('profile sessions on a phone (390 px)', () => {
  it('shows each session as a card with its address and times, and End on the others', async () => {
    setViewportWidth(390);
    try {
      setCookie('level', '6');
      mockApi({ 'GET /profile/sessions': { result: { sessions: [session('s1', true), session('s2', false)] } } });
      await renderPage(<ProfilePage />, { url: '/profile' });
      expect(await screen.findByText('Safari on iPhone')).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.getAllByText('203.0.113.7')).toHaveLength(2);
      expect(screen.getAllByRole('button', { name: 'End' })).toHaveLength(1);
    } finally {
      setViewportWidth(1024, 768);
    }
  });
});

describe('profile of partners and operators', () => {
  for (const who of ['partner', 'operator'] as const) {
    it(`works for ${who === 'partner' ? 'a partner' : 'an operator'}: no call the policy refuses (the company's support sessions)`, async () => {
      const api = mockApi({
        'GET /profile/sessions': { result: { sessions: [session('s1', true)] } },
        'GET /profile': { result: { ...profile, email: `${who}@example.com` } },
        // The gateway refuses it to them: a call would end on the 403 page.
        'GET /support_sessions': { status: 403, code: 40300, message: 'You do not have permission to use this function.' },
      });
      await renderPage(<ProfilePage />, { url: '/profile', auth: who });
      expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
      expect(await screen.findByDisplayValue('Yamada')).toBeTruthy();
      expect(screen.queryByText('Support sessions')).toBeNull();
      expect(api.calls('GET /support_sessions')).toHaveLength(0);
    });
  }
});

const profile = { uuid: 'u-1', email: 'taro@example.com', family_name: 'Yamada', given_name: 'Taro', language: 'en-us', pending_email: null, pending_email_by: null };

describe('profile forms', () => {
  it('saves the name and language', async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [] } },
      'GET /profile': { result: profile },
      'PUT /profile': (req) => ({ result: { ...profile, ...req.body } }),
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    const family = await screen.findByDisplayValue('Yamada');
    fireEvent.change(family, { target: { value: 'Suzuki' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /profile')).toHaveLength(1));
    expect(api.calls('PUT /profile')[0]!.body).toEqual({ action: 'update', family_name: 'Suzuki', given_name: 'Taro', language: 'en-us' });
  });

  it('asks the name in the host region\'s order and requires both parts', async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [] } },
      'GET /profile': { result: { ...profile, given_name: '' } },
    });
    await renderPage(<ProfilePage />, { url: '/profile', region: 'usa' });
    await screen.findByDisplayValue('Yamada');
    const names = screen.getAllByRole('textbox', { name: /^(Family|Given) name/ });
    expect(names.map((el) => el.getAttribute('autocomplete'))).toEqual(['given-name', 'family-name']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter given name.')).toBeTruthy();
    expect(api.calls('PUT /profile')).toHaveLength(0);
  });

  it('needs the current password to change the password and shows the server\'s refusal', async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [] } },
      'GET /profile': { result: profile },
      'PUT /profile': { code: 40011, message: 'Please check the highlighted fields.', errors: { current_password: ['The current password is incorrect.'] } },
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    await screen.findByDisplayValue('Yamada');
    fireEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(api.calls('PUT /profile')).toHaveLength(0);
    const [emailCurrent, passwordCurrent] = screen.getAllByLabelText(/^Current password/);
    expect(emailCurrent).toBeTruthy();
    fireEvent.change(passwordCurrent!, { target: { value: 'Wrong#2026' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Better#2026' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Better#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(api.calls('PUT /profile')[0]!.body).toEqual({ action: 'password', current_password: 'Wrong#2026', password: 'Better#2026', password_confirm: 'Better#2026' });
  });

  it('changes the email with a mailed code', async () => {
    setCookie('level', '9');
    // The server's profile: the code makes the address pending, confirming it makes it the address.
    let stored = profile as Record<string, unknown>;
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [] } },
      'GET /profile': () => ({ result: stored }),
      'PUT /send-code': (req) => {
        stored = { ...stored, pending_email: req.body!.email, pending_email_by: 'profile' };
        return { result: { expires_at: '2026-11-22T10:00:00.000Z' } };
      },
      'PUT /profile': () => {
        stored = { ...stored, email: stored.pending_email, pending_email: null, pending_email_by: null };
        return { result: stored };
      },
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    fireEvent.change(await screen.findByLabelText(/^New email address/), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getAllByLabelText(/^Current password/)[0]!, { target: { value: 'Taro#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await waitFor(() => expect(api.calls('PUT /send-code')).toHaveLength(1));
    expect(api.calls('PUT /send-code')[0]!.body).toEqual({ email: 'new@example.com', current_password: 'Taro#2026' });
    expect(await screen.findByText(/Enter the 6-digit code sent to new@example.com/)).toBeTruthy();
    const pin = document.querySelector<HTMLInputElement>('input[autocomplete="one-time-code"]')!;
    fireEvent.paste(pin, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Change the email address' }));
    await waitFor(() => expect(api.calls('PUT /profile')).toHaveLength(1));
    expect(api.calls('PUT /profile')[0]!.body).toEqual({ action: 'email', auth_code: '123456' });
    expect(await screen.findByText(/Current address: new@example.com/)).toBeTruthy();
  });

  it('tells of a change the administrator started (confirmed by its link), and a code request replaces it', { timeout: 20_000 }, async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /profile/sessions': { result: { sessions: [] } },
      'GET /profile': { result: { ...profile, pending_email: 'by-admin@example.com', pending_email_by: 'administrator' } },
      'PUT /send-code': { result: { expires_at: '2026-11-22T10:00:00.000Z' } },
    });
    await renderPage(<ProfilePage />, { url: '/profile' });
    expect(await screen.findByText(/Your administrator changed your address to by-admin@example.com/, undefined, { timeout: 5000 })).toBeTruthy();
    // No code was mailed for it: no code entry.
    expect(screen.queryByRole('button', { name: 'Change the email address' })).toBeNull();
    expect((screen.getByRole('textbox', { name: /^New email address/ }) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByRole('textbox', { name: /^New email address/ }), { target: { value: 'mine@example.com' } });
    fireEvent.change(screen.getAllByLabelText(/^Current password/)[0]!, { target: { value: 'Secret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await waitFor(() => expect(api.calls('PUT /send-code')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Your administrator changed your address/)).toBeNull());
  });
});
