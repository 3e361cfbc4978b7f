import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TClientAccounts, TClientBillingOverview, TClientInfo, TClientLicences } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import BoClientInfoPage from './BoClientInfoPage';

const UUID = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const OWNER = '0b9f3c5e-7a1d-4c2e-9f00-00000000a003';
const USER = '0b9f3c5e-7a1d-4c2e-9f00-00000000a005';
const INFO: TClientInfo = {
  uuid: UUID, region: 'jpn', company_name: 'Demo Trading KK', phone: '', address: '', location: '', representative: '', corporate_number: '',
  contract_type: 'referral', licence_type: 'normal', status: 'active', partner_name: 'Demo Agency', created_at: '2026-04-01T03:00:00.000Z',
  products: ['bownow'], read_only: false, licence_types_settable: [], billing: null, payment_method: null, eu_restricted: false, eu_declared_at: null,
};
const ACCOUNTS: TClientAccounts = {
  mfa_enabled: true, actions: true,
  accounts: [
    { uuid: OWNER, family_name: 'Yamada', given_name: 'Ichiro', email: 'owner@example.com', authority: 'owner', status: 'active', locked: false, trusted_browsers: 2 },
    { uuid: USER, family_name: 'Suzuki', given_name: 'Saburo', email: 'user@example.com', authority: 'user', status: 'active', locked: true, trusted_browsers: 0 },
  ],
};
const LICENCES: TClientLicences = {
  licences: [{ product: 'bownow', kind: 'trial', started_on: '2026-11-20', trial_ends_on: '2026-12-04', ended_on: null }],
  contracts: [{
    id: 'c1', product: 'actibook', plan_name: 'Standard', status: 'active', currency: 'JPY', monthly_amount: 30000, effective_from: '2026-05-01',
    billing_start: '2026-05-01', minimum_term_end: '2027-04-30', ends_on: null, options: ['Extra storage'],
  }],
};
const BILLING: TClientBillingOverview = {
  next_billing_date: '2026-12-31', next_invoice_month: '2026-12',
  invoices: [{
    id: '5d0c7d3e-5b7a-4a57-9a5f-0c1b2a3d4e5f', number: 'JPN-202611-0001', month: '2026-11', issued_on: '2026-11-01', billing_date: '2026-11-30',
    total_minor: 33000, currency: 'JPY', status: 'failed', charge_attempts: 3, decline_reason: 'insufficient_funds', next_charge_on: null,
  }],
};
const page = () => renderPage(<BoClientInfoPage area="operator" />, { path: '/operator/clients/:region/:uuid', url: `/operator/clients/jpn/${UUID}`, auth: 'operator' });

describe('the client\'s whole picture (issue 25, point 5)', () => {
  it('shows accounts, licences, contracts, invoices with failed charges and the next billing date', async () => {
    mockApi({
      'GET /operator/clients/info': { result: INFO }, 'GET /operator/clients/accounts': { result: ACCOUNTS },
      'GET /operator/clients/licences': { result: LICENCES }, 'GET /operator/clients/billing_overview': { result: BILLING },
    });
    await page();
    const accounts = await screen.findByTestId('picture-accounts');
    expect((await within(accounts).findAllByText('owner@example.com')).length).toBeGreaterThan(0);
    expect(within(accounts).getAllByText('Locked').length).toBeGreaterThan(0);
    const licences = await screen.findByTestId('picture-licences');
    expect((await within(licences).findAllByText('Extra storage')).length).toBeGreaterThan(0);
    expect(within(licences).getAllByText('Trial').length).toBeGreaterThan(0);
    const billing = await screen.findByTestId('picture-billing');
    expect(await within(billing).findByText(/Next billing date: Dec 31, 2026/)).toBeTruthy();
    expect(within(billing).getAllByText('3 failed attempts: insufficient funds or credit limit reached.').length).toBeGreaterThan(0);
  });

  it('keeps the page working when one section\'s service is down', async () => {
    mockApi({
      'GET /operator/clients/info': { result: INFO }, 'GET /operator/clients/accounts': { result: ACCOUNTS },
      'GET /operator/clients/licences': { result: LICENCES }, 'GET /operator/clients/billing_overview': { status: 500, code: 50000 },
    });
    await page();
    const billing = await screen.findByTestId('picture-billing');
    expect(await within(billing).findByText('Unavailable right now')).toBeTruthy();
    expect((await within(screen.getByTestId('picture-accounts')).findAllByText('user@example.com')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Demo Trading KK' })).toBeTruthy();
  });

  it('resets MFA only after the confirm dialog, then reads the accounts again', async () => {
    const api = mockApi({
      'GET /operator/clients/info': { result: INFO }, 'GET /operator/clients/accounts': { result: ACCOUNTS },
      'GET /operator/clients/licences': { result: LICENCES }, 'GET /operator/clients/billing_overview': { result: BILLING },
      'POST /operator/clients/accounts/mfa_reset': { result: { ...ACCOUNTS.accounts[0], trusted_browsers: 0 } },
    });
    await page();
    const accounts = await screen.findByTestId('picture-accounts');
    fireEvent.click((await within(accounts).findAllByRole('button', { name: 'Actions for owner@example.com' }))[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reset MFA' }));
    expect(api.calls('POST /operator/clients/accounts/mfa_reset')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Reset email authentication?' });
    const reads = api.calls('GET /operator/clients/accounts').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset MFA' }));
    await waitFor(() => expect(api.calls('POST /operator/clients/accounts/mfa_reset')).toHaveLength(1));
    expect(api.calls('POST /operator/clients/accounts/mfa_reset')[0]!.body).toEqual({ region: 'jpn', uuid: UUID, account_uuid: OWNER });
    await waitFor(() => expect(api.calls('GET /operator/clients/accounts').length).toBeGreaterThan(reads));
  });

  it('unlocks a locked account at once (no dialog)', async () => {
    const api = mockApi({
      'GET /operator/clients/info': { result: INFO }, 'GET /operator/clients/accounts': { result: ACCOUNTS },
      'GET /operator/clients/licences': { result: LICENCES }, 'GET /operator/clients/billing_overview': { result: BILLING },
      'POST /operator/clients/accounts/unlock': { result: { ...ACCOUNTS.accounts[1], locked: false } },
    });
    await page();
    const accounts = await screen.findByTestId('picture-accounts');
    fireEvent.click((await within(accounts).findAllByRole('button', { name: 'Actions for user@example.com' }))[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Unlock' }));
    await waitFor(() => expect(api.calls('POST /operator/clients/accounts/unlock')).toHaveLength(1));
  });

  it('shows a partner the accounts without actions and no invoices', async () => {
    const api = mockApi({
      'GET /partner/clients/info': { result: INFO }, 'GET /partner/clients/accounts': { result: { ...ACCOUNTS, actions: false } },
      'GET /partner/clients/licences': { result: LICENCES },
    });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partner' });
    const accounts = await screen.findByTestId('picture-accounts');
    expect((await within(accounts).findAllByText('owner@example.com')).length).toBeGreaterThan(0);
    expect(within(accounts).queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByTestId('picture-billing')).toBeNull();
    expect(api.calls('GET /operator/clients/billing_overview')).toHaveLength(0);
  });
});
