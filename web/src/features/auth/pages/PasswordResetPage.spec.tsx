import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { PASSWORD_ALPHABET, ZPassword, renderMessage } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PasswordResetPage from './PasswordResetPage';
import PasswordResetRequestPage from './PasswordResetRequestPage';

const TOKEN = 'a'.repeat(32);

describe('password reset', () => {
  it('request: always says the link was sent if the address is registered', async () => {
    const api = mockApi({ 'POST /password_reset': { result: {} } });
    await renderPage(<PasswordResetRequestPage />, { url: '/password_reset' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(/If the address is registered/)).toBeTruthy();
    expect(api.calls('POST /password_reset')[0]!.body).toEqual({ email: 'nobody@example.com' });
  });

  it('an expired link says so and links to a new request', async () => {
    mockApi({ 'GET /password_reset': { result: { valid: false, state: 'expired' } } });
    await renderPage(<PasswordResetPage />, { path: '/password_reset/:access_token', url: `/password_reset/${TOKEN}` });
    expect(await screen.findByText('This password reset link has expired (links are valid for 24 hours). Please request a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password_reset');
  });

  it('shows the rules live, generates a password into a copyable field, and saves it', async () => {
    const api = mockApi({ 'GET /password_reset': { result: { valid: true, state: 'valid' } }, 'PUT /password_reset': { result: {} } });
    await renderPage(<PasswordResetPage />, { path: '/password_reset/:access_token', url: `/password_reset/${TOKEN}` });
    const password = await screen.findByLabelText(/^New password/);
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(screen.getByText(/8 to 32 characters/).textContent).toMatch(/^•/);
    fireEvent.change(password, { target: { value: 'abcdefgh1' } });
    expect(screen.getByText(/8 to 32 characters/).textContent).toMatch(/^✓/);
    expect(screen.getByText(/At least two of/).textContent).toMatch(/^✓/);
    expect(screen.getByText(/Both entries match/).textContent).toMatch(/^•/);

    fireEvent.click(screen.getByRole('button', { name: 'Generate a password' }));
    const generated = (screen.getByLabelText('Generated password') as HTMLInputElement).value;
    expect(generated).toHaveLength(14);
    expect(ZPassword.safeParse(generated).success).toBe(true);
    expect([...generated].every((c) => Object.values(PASSWORD_ALPHABET).join('').includes(c))).toBe(true);
    expect(screen.getByText(/Both entries match/).textContent).toMatch(/^✓/);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(api.calls('PUT /password_reset')[0]!.body).toEqual({ access_token: TOKEN, password: generated, password_confirm: generated });
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('shows the shared validation messages before calling the server', async () => {
    const api = mockApi({ 'GET /password_reset': { result: { valid: true, state: 'valid' } } });
    await renderPage(<PasswordResetPage />, { path: '/password_reset/:access_token', url: `/password_reset/${TOKEN}` });
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'abcdefgh' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'abcdefgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText(renderMessage('en-us', 'validation.password_kinds', {}))).toBeTruthy();
    expect(api.calls('PUT /password_reset')).toHaveLength(0);
  });
});
