import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage, type TPartnerDetail, type TPartnerRow } from '@portal/proto';
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

  it('offers an active partner a support login: confirm, then the issued link opens in a new tab', async () => {
    asOperator();
    const url = 'http://localhost/proxy_login/jpn.abcdefghijklmnopqrstuvwxyz0123456789';
    const api = mockApi({
      'GET /operator/partner': { result: detail({}) },
      'GET /operator/partners/inquiry_receivers': { result: { receivers: [] } },
      'POST /operator/partners/proxy_login': { result: { url, expires_at: '2026-11-23T00:01:00.000Z' } },
    });
    const tab = { opener: {} as unknown } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    await renderPage(<PartnerInfoPage />, { url: '/operator/partners/00000000-0000-4000-8000-0000000000a1', path: '/operator/partners/:partner_uuid' });
    fireEvent.click(await screen.findByRole('button', { name: 'Support login' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/The partner area of Sakura Agency KK opens in a new tab/)).toBeTruthy();
    expect(dialog.getByText(/replaces your own login here/)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(dialog.getByRole('button', { name: 'Open the partner area' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank'));
    expect(api.calls('POST /operator/partners/proxy_login')[0]!.body).toEqual({ partner_uuid: '00000000-0000-4000-8000-0000000000a1', region: 'jpn' });
    expect(tab.opener).toBeNull();
    expect(await screen.findByText('The partner area of Sakura Agency KK opened in a new tab.')).toBeTruthy();
  });

  it('shows the refusal of a partner suspended since the page was read', async () => {
    asOperator();
    mockApi({
      'GET /operator/partner': { result: detail({}) },
      'GET /operator/partners/inquiry_receivers': { result: { receivers: [] } },
      'POST /operator/partners/proxy_login': { status: 403, code: 40400, message: renderMessage('en-us', 'proxy.partner_unavailable') },
    });
    const open = vi.spyOn(window, 'open');
    await renderPage(<PartnerInfoPage />, { url: '/operator/partners/00000000-0000-4000-8000-0000000000a1', path: '/operator/partners/:partner_uuid' });
    fireEvent.click(await screen.findByRole('button', { name: 'Support login' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open the partner area' }));
    expect(await screen.findByText(/This partner is unknown, suspended or awaiting review/)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it.each([
    ['suspended', { status: 'suspended' as const }],
    ['awaiting review', { review_state: 'pending' as const }],
  ])('offers no support login into a %s partner', async (_, over) => {
    asOperator();
    mockApi({
      'GET /operator/partner': { result: detail(over) },
      'GET /operator/partners/inquiry_receivers': { result: { receivers: [] } },
    });
    await renderPage(<PartnerInfoPage />, { url: '/operator/partners/00000000-0000-4000-8000-0000000000a1', path: '/operator/partners/:partner_uuid' });
    expect(await screen.findByRole('heading', { name: 'Sakura Agency KK' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Support login' })).toBeNull();
  });
});
