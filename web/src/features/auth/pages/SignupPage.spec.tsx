import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browser } from '../../../lib/browser';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import SignupDonePage from './SignupDonePage';
import SignupFormPage from './SignupFormPage';
import SignupPage from './SignupPage';

const TOKEN = 'b'.repeat(32);
let navigate: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  navigate = vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('signup', () => {
  it('form only: mails the link with the terms agreement, then says to check the spam folder', async () => {
    const api = mockApi({ 'POST /signup/temporary': { result: { region: 'jpn', language: 'en-us' } } });
    await renderPage(<SignupFormPage />, { url: '/user_signup_formonly' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'new@example.com' } });
    const submit = screen.getByRole('button', { name: 'Send the registration link' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I agree to the terms of use and the privacy policy'));
    fireEvent.click(submit);
    await waitFor(() => expect(seen.pathname).toBe('/temporalyregisterdone'));
    expect(api.calls('POST /signup/temporary')[0]!.body).toEqual({ email: 'new@example.com', terms_agreed: true });
  });

  it('done page: says to check the spam folder', async () => {
    await renderPage(<SignupDonePage />, { url: '/temporalyregisterdone' });
    expect(await screen.findByText(/check your spam folder/)).toBeTruthy();
  });

  it('internal signup posts to /signup/internal and lands on its done page', async () => {
    const api = mockApi({ 'POST /signup/internal': { result: { region: 'jpn', language: 'en-us' } } });
    await renderPage(<SignupFormPage internal />, { url: '/basicauth/user_internal_signup' });
    fireEvent.change(await screen.findByLabelText(/Email address/), { target: { value: 'staff@example.com' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use and the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Send the registration link' }));
    await waitFor(() => expect(seen.pathname).toBe('/basicauth/user_internal_signup_done'));
    expect(api.calls('POST /signup/internal')).toHaveLength(1);
  });

  it('full registration: family name first for Japan, then registers and opens /product', async () => {
    const api = mockApi({
      'GET /signup': { result: { state: 'valid', email: 'new@example.com', region: 'jpn', name_order: 'family_first' } },
      'POST /client/register': { result: { mfa_required: false } },
    });
    await renderPage(<SignupPage />, { path: '/signup/:access_token/:register_from_mail?', url: `/signup/${TOKEN}/1` });
    const family = await screen.findByLabelText(/Family name/);
    const given = screen.getByLabelText(/Given name/);
    expect(family.compareDocumentPosition(given) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Company name/), { target: { value: 'Example KK' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '03-1234-5678' } });
    fireEvent.change(family, { target: { value: 'Yamada' } });
    fireEvent.change(given, { target: { value: 'Taro' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Start using' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/product'));
    expect(api.calls('POST /client/register')[0]!.body).toEqual({
      access_token: TOKEN, company_name: 'Example KK', phone: '03-1234-5678', family_name: 'Yamada', given_name: 'Taro',
      password: 'Secret-123', password_confirm: 'Secret-123', terms_agreed: true, privacy_agreed: true,
    });
  });

  it('given name first elsewhere', async () => {
    mockApi({ 'GET /signup': { result: { state: 'valid', email: 'new@example.com', region: 'mys', name_order: 'given_first' } } });
    await renderPage(<SignupPage />, { path: '/signup/:access_token/:register_from_mail?', url: `/signup/${TOKEN}` });
    const family = await screen.findByLabelText(/Family name/);
    const given = screen.getByLabelText(/Given name/);
    expect(given.compareDocumentPosition(family) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
