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
    expect(api.calls('POST /operator/partners/check/licence')[0]!.body).toEqual({ grantable_contracts: 'reseller', is_primary: false });
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

  describe('client registration on the info page', () => {
    const UUID = '00000000-0000-4000-8000-0000000000a1';
    const BAD = 'Enter the site as its origin only, for example https://www.example.com (no path).';

    async function openInfo(start: TPartnerDetail, put: (body: Record<string, unknown>) => { code?: number; message?: string; errors?: Record<string, string[]> } | null) {
      asOperator();
      let current = start;
      const api = mockApi({
        'GET /operator/partner': () => ({ result: current }),
        'GET /operator/partners/inquiry_receivers': { result: { receivers: [] } },
        'PUT /operator/partners/registration': (request) => {
          const refusal = put(request.body!);
          if (refusal) return refusal;
          current = { ...current, client_registration: request.body!.client_registration as boolean, form_origins: request.body!.form_origins as string[] };
          return { result: current };
        },
      });
      await renderPage(<PartnerInfoPage />, { url: `/operator/partners/${UUID}`, path: '/operator/partners/:partner_uuid' });
      const section = within(await screen.findByRole('region', { name: 'Client registration' }));
      return { api, section };
    }

    it('switches registration off and edits the origins: a refusal shows under the field and keeps the input, then saves with a toast', { timeout: 20_000 }, async () => {
      let calls = 0;
      const { api, section } = await openInfo(detail({}), () => (++calls === 1 ? { code: 40011, message: 'Please check the highlighted fields.', errors: { 'form_origins.1': [BAD] } } : null));
      expect(section.getByText('On')).toBeTruthy();
      expect(section.getByText('https://sakura.example')).toBeTruthy();

      fireEvent.click(section.getByRole('button', { name: 'Edit' }));
      const toggle = section.getByRole('switch', { name: /Registers clients itself/ }) as HTMLInputElement;
      expect(toggle.checked).toBe(true);
      fireEvent.click(toggle);
      expect(section.getByText(/refuse registrations at once/)).toBeTruthy();
      const origins = section.getByLabelText(/Sites that embed the registration form/) as HTMLTextAreaElement;
      expect(origins.value).toBe('https://sakura.example');
      fireEvent.change(origins, { target: { value: 'https://sakura.example\nhttps://shop.sakura.example/form\n' } });
      fireEvent.click(section.getByRole('button', { name: 'Save' }));

      expect(await section.findByText(BAD)).toBeTruthy();
      expect(section.getByText('Please check the highlighted fields.')).toBeTruthy();
      expect(api.calls('PUT /operator/partners/registration')[0]!.body).toEqual({
        partner_uuid: UUID, client_registration: false, form_origins: ['https://sakura.example', 'https://shop.sakura.example/form'],
      });
      // What was typed is still there, the switch still off.
      expect((section.getByLabelText(/Sites that embed the registration form/) as HTMLTextAreaElement).value).toBe('https://sakura.example\nhttps://shop.sakura.example/form\n');
      expect((section.getByRole('switch', { name: /Registers clients itself/ }) as HTMLInputElement).checked).toBe(false);

      fireEvent.change(section.getByLabelText(/Sites that embed the registration form/), { target: { value: 'https://sakura.example\nhttps://shop.sakura.example' } });
      fireEvent.click(section.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('The client registration of Sakura Agency KK has been saved.', {}, { timeout: 3000 })).toBeTruthy();
      expect(api.calls('PUT /operator/partners/registration')[1]!.body).toEqual({
        partner_uuid: UUID, client_registration: false, form_origins: ['https://sakura.example', 'https://shop.sakura.example'],
      });
      // Back to reading, with the saved state.
      expect(await section.findByText('Off')).toBeTruthy();
      expect(section.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(section.getByText(/https:\/\/shop\.sakura\.example/)).toBeTruthy();
    });

    it('cancels without a call, and reads the same for a sub-partner', async () => {
      const { api, section } = await openInfo(detail({ is_primary: false, parent_name: 'Parent KK', client_registration: false, form_origins: [] }), () => null);
      expect(section.getByText('Off')).toBeTruthy();
      expect(section.getByText('No sites yet')).toBeTruthy();
      fireEvent.click(section.getByRole('button', { name: 'Edit' }));
      fireEvent.click(section.getByRole('switch', { name: /Registers clients itself/ }));
      fireEvent.click(section.getByRole('button', { name: 'Cancel' }));
      expect(section.getByText('Off')).toBeTruthy();
      expect(section.queryByRole('switch')).toBeNull();
      expect(api.calls('PUT /operator/partners/registration')).toHaveLength(0);
    });
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
