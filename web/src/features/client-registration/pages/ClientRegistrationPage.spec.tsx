import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import ClientRegistrationPage from './ClientRegistrationPage';

const SETTINGS = {
  company_name: 'Demo Agency KK', representative: 'Rep', phone: '0312345678', address: 'Tokyo', notification_email: '',
  client_registration: true, form_origins: [], is_primary: true, grantable_contracts: 'both',
};

describe('partner client registration wizard', () => {
  it('shows the first step while the operator lets the partner register clients', async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'pa-1');
    mockApi({ 'GET /partner/settings': { result: SETTINGS }, 'GET /partner/registrations': { result: { registrations: [] } } });
    await renderPage(<ClientRegistrationPage />, { url: '/partner/signup_form' });
    expect(await screen.findByLabelText(/^Owner's email address/)).toBeTruthy();
    expect(screen.queryByText(/^Client registration is turned off for your company/)).toBeNull();
  });

  it('says up front that registration is off, and offers no wizard, when the operator switched it off', async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'pa-1');
    mockApi({ 'GET /partner/settings': { result: { ...SETTINGS, client_registration: false } }, 'GET /partner/registrations': { result: { registrations: [] } } });
    await renderPage(<ClientRegistrationPage />, { url: '/partner/signup_form' });
    expect(await screen.findByText(/^Client registration is turned off for your company, so new clients cannot be registered here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
