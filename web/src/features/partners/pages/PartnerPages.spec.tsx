import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPartnerDetail, TPartnerRow } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import PartnerCreatePage from './PartnerCreatePage';
import PartnerInfoPage from './PartnerInfoPage';
import PartnerListPage from './PartnerListPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const row = (over: Partial<TPartnerRow>): TPartnerRow => ({
  uuid: '00000000-0000-4000-8000-0000000000a1', company_name: 'Sakura Agency KK', region: 'jpn', is_primary: true, parent_name: null,
  grantable_contracts: 'both', status: 'active', review_state: 'approved', created_at: '2026-11-20T00:00:00.000Z', ...over,
});
const detail = (over: Partial<TPartnerDetail>): TPartnerDetail => ({
  ...row({}), representative: 'Taro Sakura', phone: '03-1234-5678', address: 'Tokyo', owner_email: 'owner@sakura.example', owner_name: 'Taro Sakura',
  billing_name: 'Sakura Agency KK', billing_email: 'billing@sakura.example', billing_phone: '0312345678', billing_address: 'Tokyo', payment_method: 'bank_transfer',
  client_registration: true, form_origins: ['https://sakura.example'], sub_partners: [], clients: [], ...over,
});

describe('partners (operator)', () => {
  it('lists partners with their kind and state, and filters those awaiting review', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/partners': { result: { total: 2, pending: 1, partners: [row({}), row({ uuid: '00000000-0000-4000-8000-0000000000a2', company_name: 'Sub Agency KK', is_primary: false, parent_name: 'Sakura Agency KK', review_state: 'pending' })] } },
    });
    await renderPage(<PartnerListPage />, { url: '/operator/partners' });
    expect(await screen.findByRole('link', { name: 'Sakura Agency KK' })).toBeTruthy();
    expect(screen.getByText('Sub-partner of Sakura Agency KK')).toBeTruthy();
    expect(screen.getAllByText('Awaiting review').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Awaiting review (1)'));
    await waitFor(() => expect(api.calls('GET /operator/partners').some((c) => c.query.get('review_state') === 'pending')).toBe(true));
  });

  it('checks each wizard step with the server and shows its refusal under the field', { timeout: 20_000 }, async () => {
    asOperator();
    sessionStorage.clear();
    const api = mockApi({
      'POST /operator/partners/check/licence': { result: { valid: true } },
      'POST /operator/partners/check/partner': { code: 40011, errors: { email: ['The email address already exists.'] } },
    });
    await renderPage(<PartnerCreatePage />, { url: '/operator/partners/new' });
    fireEvent.click(await screen.findByLabelText('Reseller'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByLabelText(/Email of the first account/);
    expect(api.calls('POST /operator/partners/check/licence')[0]!.body).toEqual({ grantable_contracts: 'reseller', is_primary: true });
    fireEvent.change(screen.getByLabelText(/Email of the first account/), { target: { value: 'partner@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The email address already exists.')).toBeTruthy();
    expect(api.calls('POST /operator/partners')).toHaveLength(0);
  });

  it('suspends a partner after a confirm dialog', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/partner': { result: detail({}) },
      'GET /operator/partners/inquiry_receivers': { result: { receivers: [{ email: 'owner@sakura.example', name: '' }] } },
      'PUT /operator/partners/status': { result: detail({ status: 'suspended' }) },
    });
    await renderPage(<PartnerInfoPage />, { url: '/operator/partners/00000000-0000-4000-8000-0000000000a1', path: '/operator/partners/:partner_uuid' });
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/are logged out now/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.calls('PUT /operator/partners/status')).toHaveLength(1));
    expect(api.calls('PUT /operator/partners/status')[0]!.body).toEqual({ partner_uuid: '00000000-0000-4000-8000-0000000000a1', status: 'suspended' });
    // The only receiver cannot be removed.
    expect((await screen.findByRole('button', { name: 'Remove' })).hasAttribute('disabled')).toBe(true);
  });
});
