import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('asks a partner outside Japan the EU question on the client step; "yes" blocks the step, "no" is sent (issue 22)', async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'pa-1');
    const api = mockApi({
      'GET /partner/settings': { result: SETTINGS }, 'GET /partner/registrations': { result: { registrations: [] } },
      'POST /partner/registrations/check': { result: { ok: true, connections: [] } },
    });
    await renderPage(<ClientRegistrationPage />, { url: '/partner/signup_form', region: 'usa' });
    fireEvent.change(await screen.findByLabelText(/^Given name/), { target: { value: 'Ann' } });
    fireEvent.change(screen.getByLabelText(/^Family name/), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText(/^Owner's email address/), { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(await screen.findByLabelText(/^Company name/), { target: { value: 'Example Inc.' } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '+1 212 555 0100' } });
    fireEvent.click(screen.getByLabelText('Yes'));
    expect((await screen.findByText(/this portal cannot be used by companies subject to the EU/))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.calls('POST /partner/registrations/check')).toHaveLength(2));
    expect(api.calls('POST /partner/registrations/check')[1]!.body).toEqual({ step: 'client', company_name: 'Example Inc.', phone: '+1 212 555 0100', eu_subject: false });
  });
});
