import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import LoginPage from './LoginPage';

let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

async function fillLogin() {
  fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'taro@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret-123' } });
  fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
}

describe('login page', () => {
  it('asks for the mailed code, resends it without a code, and logs in with it to the kept target', async () => {
    const target = '/servicelogin/alpha/web?pd=alpha&client_uuid=c-1&target_uri=%2Fhome';
    const api = mockApi({
      'POST /login': (r) => ({ result: r.body?.['auth_code'] ? { mfa_required: false, target_url: target } : { mfa_required: true } }),
    });
    await renderPage(<LoginPage />, { path: '/login', url: `/login?targetUrl=${encodeURIComponent(target)}` });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(/expires in 10 minutes/)).toBeTruthy();
    expect(api.calls('POST /login')[0]!.body).toEqual({ email: 'taro@example.com', password: 'Secret-123', privacy_agreed: true, target_url: target });

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.calls('POST /login')).toHaveLength(2));
    expect(api.calls('POST /login')[1]!.body).not.toHaveProperty('auth_code');
    expect(await screen.findByText(/A new code was sent/)).toBeTruthy();

    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const pins = document.querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]');
    expect(pins).toHaveLength(6);
    '123456'.split('').forEach((digit, i) => fireEvent.change(pins[i]!, { target: { value: digit } }));
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);

    await waitFor(() => expect(navigate).toHaveBeenCalledWith(target));
    expect(api.calls('POST /login')[2]!.body).toMatchObject({ auth_code: '123456', target_url: target });
  });

  it('goes to /product when the answer has no safe target', async () => {
    mockApi({ 'POST /login': { result: { mfa_required: false, target_url: 'https://evil.example/x' } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
  });

  it('follows the hand-off to the account\'s home host when the account lives in another region (issue 9)', async () => {
    const handoff = 'http://portal.example.com:8080/login/handoff/usa.abc';
    mockApi({ 'POST /login': { result: { mfa_required: false, handoff_url: handoff } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(handoff));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('does not follow a hand-off that is not a hand-off page', async () => {
    mockApi({ 'POST /login': { result: { mfa_required: false, handoff_url: 'javascript:alert(1)' } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
  });

  it('sends the CSRF token cookie as x-csrf-token', async () => {
    document.cookie = 'csrf_token=tok-1; path=/';
    const api = mockApi({ 'POST /login': { result: { mfa_required: true } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(api.calls('POST /login')).toHaveLength(1));
    expect(api.calls('POST /login')[0]!.headers.get('x-csrf-token')).toBe('tok-1');
  });

  it('shows 40011 field errors under the fields', async () => {
    mockApi({ 'POST /login': { code: 40011, message: 'Please check the input.', errors: { password: ['The email address or password is incorrect.'] } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The email address or password is incorrect.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please check the input.');
  });

  it('says a refused code once, under the code, not again above the form', async () => {
    const refused = 'Please enter the correct authentication code.';
    mockApi({
      'POST /login': (r) => (r.body?.['auth_code']
        ? { code: 40011, message: refused, errors: { auth_code: [refused] } }
        : { result: { mfa_required: true } }),
    });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(/expires in 10 minutes/);
    const pins = document.querySelectorAll<HTMLInputElement>('input[inputmode="numeric"]');
    '111111'.split('').forEach((digit, i) => fireEvent.change(pins[i]!, { target: { value: digit } }));
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(screen.getAllByText(refused)).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server message of an IP restriction (40013)', async () => {
    mockApi({ 'POST /login': { status: 403, code: 40013, message: 'Access from this IP address is not allowed.' } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Access from this IP address is not allowed.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says "please enter" for an empty email or password and "valid email" for a malformed one, from the contract\'s schema', async () => {
    mockApi({});
    await renderPage(<LoginPage />, { url: '/login' });
    const email = await screen.findByLabelText(/Email address/);
    const password = screen.getByLabelText(/^Password/);
    fireEvent.blur(email);
    fireEvent.blur(password);
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'taro@' } });
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Please enter your email address.')).toBeNull();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps "send a new code" disabled with a countdown for the seconds the server gives', async () => {
    const api = mockApi({ 'POST /login': { result: { mfa_required: true, resend_after: 2 } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const waiting = await screen.findByRole('button', { name: /Send a new code \(\d s\)/ }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    fireEvent.click(waiting);
    expect(api.calls('POST /login')).toHaveLength(1);
    const ready = await screen.findByRole('button', { name: 'Send a new code' }, { timeout: 4000 }) as HTMLButtonElement;
    expect(ready.disabled).toBe(false);
    fireEvent.click(ready);
    await waitFor(() => expect(api.calls('POST /login')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: /Send a new code \(\d s\)/ })).toBeTruthy();
  });

  it('shows a refused code mail (too soon) and opens the code step with the remaining wait', async () => {
    mockApi({ 'POST /login': { code: 40011, message: 'A code was sent just now. You can request a new one in 20 seconds.', result: { mfa_required: true, resend_after: 20 } } });
    await renderPage(<LoginPage />, { url: '/login' });
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A code was sent just now. You can request a new one in 20 seconds.');
    expect(screen.getByText(/expires in 10 minutes/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send a new code (20 s)' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
