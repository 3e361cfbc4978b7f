import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TClientInfo } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import BoClientInfoPage from './BoClientInfoPage';

const UUID = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const INFO: TClientInfo = {
  uuid: UUID, region: 'jpn', company_name: 'Demo Trading KK', phone: '03-1234-5678', address: '千代田区丸の内1-1-1', location: '東京都', representative: '', corporate_number: '',
  contract_type: 'referral', licence_type: 'normal', status: 'active', partner_name: 'Demo Agency', created_at: '2026-04-01T03:00:00.000Z',
  products: ['bownow'], read_only: false, licence_types_settable: ['normal', 'test', 'demo', 'special'],
  billing: null, payment_method: { method: 'credit_card', label: '411111******1111' }, eu_restricted: false, eu_declared_at: null,
};

describe('client info (issue 14)', () => {
  it('suspends only after the confirm dialog (Active → Suspended), then shows the client suspended without a reload', async () => {
    let suspended = false;
    const api = mockApi({
      'GET /partner/clients/info': () => ({ result: { ...INFO, status: suspended ? 'inactive' : 'active' } }),
      'POST /partner/clients/suspend': { result: { status: 'inactive' } },
    });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partner' });
    expect(await screen.findByRole('heading', { name: 'Demo Trading KK' })).toBeTruthy();
    expect(screen.getByText('Credit card (411111******1111)')).toBeTruthy();
    // The address in the region's order, with its prefecture.
    expect(screen.getByText('東京都千代田区丸の内1-1-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(api.calls('POST /partner/clients/suspend')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this client?' });
    expect(within(dialog).getByTestId('change-before').textContent).toBe('Active');
    expect(within(dialog).getByTestId('change-after').textContent).toBe('Suspended');
    suspended = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.calls('POST /partner/clients/suspend')).toHaveLength(1));
    // The page's own read is refreshed: the badge and the action change without reloading the page.
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
  });

  it('registers a bank method on the client\'s behalf only after showing the card it replaces, then shows the new method at once', async () => {
    let registered = false;
    const api = mockApi({
      'GET /operator/clients/info': () => ({
        result: { ...INFO, payment_method: registered ? { method: 'bank_transfer', label: 'MUFG Bank' } : INFO.payment_method },
      }),
      'GET /operator/payment_methods/current': { result: { current: { method: 'credit_card', label: '************1111', expiry: '2028-12' } } },
      'POST /operator/payment_methods': (req) => {
        registered = true;
        return { result: { request: {
          ...(req.body as Record<string, unknown>), id: '88888888-8888-4888-8888-888888888889', status: 'registered', source: 'operator', details: '',
          reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: '2026-11-24T01:00:00.000Z',
        } } };
      },
    });
    await renderPage(<BoClientInfoPage area="operator" />, { path: '/operator/clients/:region/:uuid', url: `/operator/clients/jpn/${UUID}`, auth: 'operator' });
    expect(await screen.findByText('Credit card (411111******1111)')).toBeTruthy();
    const form = within((await screen.findByText('Register on behalf of a client')).closest('form')!);
    const fields: Record<string, string> = {
      'Company name': 'Demo Trading', 'Person in charge': 'Ichiro Yamada', 'Email address': 'billing@example.com', 'Phone number': '0312345678',
      'Bank code': '0005', 'Bank name': 'MUFG Bank', 'Branch code': '001', 'Branch name': 'Head office', 'Account number': '1234567', 'Account holder': 'ﾃﾞﾓ(ｶ',
    };
    for (const [label, value] of Object.entries(fields)) fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Register the payment method on the client\'s behalf' }));
    expect(dialog.getByText(/current payment method of Demo Trading KK will be replaced/)).toBeTruthy();
    // Old → new: the working card (masked, with its expiry) and the bank method that replaces it.
    expect((await dialog.findByTestId('change-before')).textContent).toBe('Credit card ************1111 (expires 2028/12)');
    expect(dialog.getByTestId('change-after').textContent).toBe('Bank transfer MUFG Bank Head office ****567');
    expect(api.calls('POST /operator/payment_methods')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Replace and register' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_methods')).toHaveLength(1));
    // The info page shows the new method without a reload.
    expect(await screen.findByText('Bank transfer (MUFG Bank)')).toBeTruthy();
    expect(screen.queryByText('Credit card (411111******1111)')).toBeNull();
  });

  it('offers no change on a sub-partner\'s client', async () => {
    mockApi({ 'GET /partner/clients/info': { result: { ...INFO, read_only: true, licence_types_settable: [] } } });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partner' });
    expect(await screen.findByText(/you can view it but not change it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('offers in-house and normal in an operator\'s support session in the partner\'s area, as the server states', async () => {
    const api = mockApi({
      'GET /partner/clients/info': { result: { ...INFO, licence_types_settable: ['normal', 'in_house'] } },
      'PUT /partner/clients/licence_type': { result: { ...INFO, licence_type: 'in_house', licence_types_settable: ['normal', 'in_house'] } },
    });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partnerSupport' });
    expect(await screen.findByText(/As the partner's support you can set this client to in-house/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('License', { selector: 'input' }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Standard', 'In-house']);
    fireEvent.click(screen.getByRole('option', { name: 'In-house', hidden: true }));
    await waitFor(() => expect(api.calls('PUT /partner/clients/licence_type')).toHaveLength(1));
    expect(api.calls('PUT /partner/clients/licence_type')[0]!.body).toEqual({ region: 'jpn', uuid: UUID, licence_type: 'in_house' });
  });

  it('shows no choice where the server states one licence type (a client that does not permit partner support login)', async () => {
    mockApi({ 'GET /partner/clients/info': { result: { ...INFO, licence_types_settable: ['normal'] } } });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partnerSupport' });
    expect(await screen.findByText(/In-house needs the client to allow support login by its partner/)).toBeTruthy();
    expect(screen.queryByLabelText('License', { selector: 'input' })).toBeNull();
  });

  it('lets an operator mark a client as subject to the EU data-protection rule after confirming, and shows the registrant\'s declaration (issue 22)', async () => {
    const us = { ...INFO, region: 'usa' as const, address: '1 Market St', location: 'CA', eu_declared_at: '2026-11-02T15:00:00.000Z' };
    const api = mockApi({
      'GET /operator/clients/info': { result: us },
      'PUT /operator/clients/eu_rule': { result: { ...us, eu_restricted: true } },
    });
    await renderPage(<BoClientInfoPage area="operator" />, { path: '/operator/clients/:region/:uuid', url: `/operator/clients/usa/${UUID}`, auth: 'operator' });
    expect(await screen.findByText('Not marked as subject to the rule.')).toBeTruthy();
    expect(screen.getByText(/it was declared not subject to the rule/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as subject to GDPR' }));
    expect(api.calls('PUT /operator/clients/eu_rule')).toHaveLength(0);
    const dialog = await screen.findByRole('dialog', { name: 'Mark as subject to GDPR' });
    expect(within(dialog).getByText(/support logins, trials and plan applications will be refused/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as subject to GDPR' }));
    await waitFor(() => expect(api.calls('PUT /operator/clients/eu_rule')).toHaveLength(1));
    expect(api.calls('PUT /operator/clients/eu_rule')[0]!.body).toEqual({ region: 'usa', uuid: UUID, eu_restricted: true });
  });

  it('shows a partner the mark without the switch', async () => {
    mockApi({ 'GET /partner/clients/info': { result: { ...INFO, eu_restricted: true } } });
    await renderPage(<BoClientInfoPage area="partner" />, { path: '/partner/clients/:region/:uuid', url: `/partner/clients/jpn/${UUID}`, auth: 'partner' });
    expect(await screen.findByText('Subject to GDPR')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lift the GDPR mark' })).toBeNull();
  });
});
