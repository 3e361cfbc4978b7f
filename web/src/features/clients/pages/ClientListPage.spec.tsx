import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage, type TBackofficeClientRow } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen, setCookie, setViewportWidth } from '../../../test/render';
import ClientListPage from './ClientListPage';

const row = (uuid: string, name: string, over: Partial<TBackofficeClientRow> = {}): TBackofficeClientRow => ({
  uuid, company_name: name, region: 'jpn', contract_type: 'referral', licence_type: 'normal', status: 'active',
  created_at: '2026-04-01T03:00:00.000Z', support_login: { possible: true, reason: null }, partner_name: null, read_only: false, ...over,
});
const A = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const B = '0b9f3c5e-7a1d-4c2e-9f00-000000000102';
const C = '0b9f3c5e-7a1d-4c2e-9f00-000000000103';
const LIST = {
  total: 3, exact: null, search_truncated: false,
  clients: [
    row(A, 'Demo Trading KK'),
    row(B, 'Secure Industries KK', { contract_type: 'single_content_provider', support_login: { possible: false, reason: 'denied' } }),
    row(C, 'Bangkok Trading Co.', { region: 'tha', licence_type: 'demo', support_login: { possible: false, reason: 'ip_denied' } }),
  ],
};
const asPartner = () => { setCookie('level', '3'); setCookie('login_operator_type', '1'); setCookie('user_id', 'p-staff'); };
const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };

describe('client list (partner and operator areas)', () => {
  it('shows company, region, contract, licence, status and whether a support login is possible, with the reason when not', async () => {
    asPartner();
    const api = mockApi({ 'GET /operator/clients': { result: LIST }, 'GET /partner/clients': { result: LIST } });
    await renderPage(<ClientListPage area="partner" />, { url: '/partner/clients' });
    const table = within(await screen.findByRole('table'));
    expect(await table.findByText('Demo Trading KK')).toBeTruthy();
    expect(table.getByText('Thailand')).toBeTruthy();
    expect(table.getByText('Single content provider')).toBeTruthy();
    expect(table.getByText('Demo')).toBeTruthy();
    expect(screen.getByText('3 clients')).toBeTruthy();
    expect(api.calls('GET /partner/clients')[0]!.query.toString()).toBe('page=1&per_page=20&sort=created_at&order=desc');
    // A filter with nothing chosen says so.
    expect(screen.getByLabelText('Status', { selector: 'input' }).getAttribute('placeholder')).toBe('All');

    // One enabled action (the permitted client); the others are disabled and explain why.
    expect(table.getAllByRole('button', { name: 'Support login' }).filter((b) => !b.hasAttribute('disabled'))).toHaveLength(1);
    const denied = renderMessage('en-us', 'proxy.denied');
    const ipDenied = renderMessage('en-us', 'proxy.ip_denied');
    // The reason is written on the row, not hidden in a tooltip (issue 25 item 7).
    const reasons = table.getAllByTestId('support-login-unavailable');
    expect(reasons.map((r) => within(r).getByText(/./, { selector: 'p' }).textContent)).toEqual([denied, ipDenied]);
    expect(within(reasons[0]!).getByRole('button')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('writes why a support login is unavailable on the phone\'s card too (issue 25 item 7)', async () => {
    setViewportWidth(390);
    try {
      asOperator();
      mockApi({ 'GET /operator/clients': { result: LIST } });
      await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
      const cards = await screen.findAllByTestId('client-card');
      expect(cards).toHaveLength(3);
      expect(within(cards[0]!).getByRole('button', { name: 'Support login' })).toHaveProperty('disabled', false);
      expect(within(cards[1]!).getByText(renderMessage('en-us', 'proxy.denied'))).toBeTruthy();
      expect(within(cards[1]!).getByRole('button', { name: 'Support login' })).toHaveProperty('disabled', true);
      expect(within(cards[2]!).getByText(renderMessage('en-us', 'proxy.ip_denied'))).toBeTruthy();
    } finally {
      setViewportWidth(1280);
    }
  });

  it('keeps search, filters, sort and page in the URL, so a reload shows the same list (issue 25 item 7)', async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/clients': { result: { ...LIST, total: 60 } } });
    // A reload: the page starts from the URL alone; an unknown value is ignored.
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients?q=trading&status=inactive&contract_type=reseller&region=bogus&page=2&sort=company_name&order=asc' });
    await screen.findByText('Demo Trading KK');
    expect(api.calls('GET /operator/clients')[0]!.query.toString())
      .toBe('page=2&per_page=20&q=trading&sort=company_name&order=asc&status=inactive&contract_type=reseller');
    expect((screen.getByRole('textbox', { name: 'Search by company, email, person, client ID or invoice number' }) as HTMLInputElement).value).toBe('trading');
    expect((screen.getByLabelText('Status', { selector: 'input' }) as HTMLInputElement).value).toBe('Suspended');
    // A filter chosen on the page is written to the URL, and starts again at page 1.
    fireEvent.change(screen.getByRole('textbox', { name: 'Plan ID' }), { target: { value: 'pro' } });
    await waitFor(() => expect(new URLSearchParams(seen.search).get('plan')).toBe('pro'));
    expect(new URLSearchParams(seen.search).get('page')).toBeNull();
    expect(new URLSearchParams(seen.search).get('status')).toBe('inactive');
    await waitFor(() => expect(api.calls('GET /operator/clients').at(-1)!.query.get('plan')).toBe('pro'));
  });

  it('searches by company name and sorts by a column', async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/clients': { result: LIST }, 'GET /partner/clients': { result: LIST } });
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
    await screen.findByText('Demo Trading KK');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by company, email, person, client ID or invoice number' }), { target: { value: 'trading' } });
    await waitFor(() => expect(api.calls('GET /operator/clients').some((r) => r.query.get('q') === 'trading')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Company' }));
    await waitFor(() => expect(api.calls('GET /operator/clients').at(-1)!.query.toString()).toBe('page=1&per_page=20&q=trading&sort=company_name&order=asc'));
  });

  it('explains that the support session replaces this browser\'s session, then opens the issued link in a new tab', async () => {
    asPartner();
    const url = 'http://localhost/proxy_login/jpn.abcdefghijklmnopqrstuvwxyz0123456789';
    const api = mockApi({
      'GET /operator/clients': { result: LIST }, 'GET /partner/clients': { result: LIST },
      'POST /proxy_login/issue': { result: { url, expires_at: '2026-11-23T00:01:00.000Z' } },
    });
    const tab = { opener: {} as unknown } as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    await renderPage(<ClientListPage area="partner" />, { url: '/partner/clients' });
    const table = within(await screen.findByRole('table'));
    fireEvent.click(table.getAllByRole('button', { name: 'Support login' }).find((b) => !b.hasAttribute('disabled'))!);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('The portal of Demo Trading KK opens in a new tab, where you work as support.')).toBeTruthy();
    expect(dialog.getByText(/replaces your own login here/)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(dialog.getByRole('button', { name: 'Open the client\'s portal' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(url, '_blank'));
    expect(api.calls('POST /proxy_login/issue')[0]!.body).toEqual({ client_uuid: A, region: 'jpn' });
    expect(tab.opener).toBeNull();
    expect(await screen.findByText('The portal of Demo Trading KK opened in a new tab.')).toBeTruthy();
  });

  it('offers the link when the browser blocks the new tab, and shows a refusal that came after the list was read', async () => {
    asOperator();
    const url = 'http://localhost/proxy_login/jpn.zyxwvutsrqponmlkjihgfedcba9876543210';
    let refuse = false;
    mockApi({
      'GET /operator/clients': { result: LIST }, 'GET /partner/clients': { result: LIST },
      'POST /proxy_login/issue': () => (refuse
        ? { code: 40400, message: renderMessage('en-us', 'proxy.denied') }
        : { result: { url, expires_at: '2026-11-23T00:01:00.000Z' } }),
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
    const table = within(await screen.findByRole('table'));
    const start = () => fireEvent.click(table.getAllByRole('button', { name: 'Support login' }).find((b) => !b.hasAttribute('disabled'))!);
    start();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open the client\'s portal' }));
    const link = await screen.findByRole('link', { name: 'Open the client\'s portal' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    refuse = true;
    start();
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Open the client\'s portal' }));
    expect(await within(screen.getByRole('dialog')).findByText(renderMessage('en-us', 'proxy.denied'))).toBeTruthy();
  });

  it('offers only the pages the merge serves, and says to search beyond them', async () => {
    asOperator();
    mockApi({ 'GET /operator/clients': { result: { ...LIST, total: 11_003 } }, 'GET /partner/clients': { result: { ...LIST, total: 11_003 } } });
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
    expect(await screen.findByText('11,003 clients')).toBeTruthy();
    expect(screen.getByRole('button', { name: '500' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '551' })).toBeNull();
    expect(screen.getByText(renderMessage('en-us', 'client_list.too_deep', { max: '10,000' }))).toBeTruthy();
  });

  it('opens the client a typed UUID or invoice number names; the search stays in the URL (issue 25)', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/clients': (req) => ({ result: req.query.get('q') === 'JPN-202611-000123' ? { ...LIST, total: 1, clients: [LIST.clients[0]], exact: { region: 'jpn', uuid: A } } : LIST }),
    });
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
    await screen.findByText('Demo Trading KK');
    fireEvent.change(screen.getByRole('textbox', { name: 'Search by company, email, person, client ID or invoice number' }), { target: { value: 'JPN-202611-000123' } });
    await waitFor(() => expect(seen.pathname).toBe(`/operator/clients/jpn/${A}`));
    expect(api.calls('GET /operator/clients').at(-1)!.query.get('q')).toBe('JPN-202611-000123');
  });

  it('shows the row of an exact search read from the URL (a reload or the way back) instead of opening it again', async () => {
    asOperator();
    mockApi({ 'GET /operator/clients': { result: { ...LIST, total: 1, clients: [LIST.clients[0]], exact: { region: 'jpn', uuid: A } } } });
    await renderPage(<ClientListPage area="operator" />, { url: `/operator/clients?q=${A}` });
    await screen.findByText('Demo Trading KK');
    expect(seen.pathname).toBe('/operator/clients');
    expect((screen.getByRole('textbox', { name: 'Search by company, email, person, client ID or invoice number' }) as HTMLInputElement).value).toBe(A);
  });

  it('says when accounts matched more companies than one search answers', async () => {
    asOperator();
    mockApi({ 'GET /operator/clients': { result: { ...LIST, search_truncated: true } } });
    await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients?q=example.com' });
    expect(await screen.findByText(/Many accounts match this search/)).toBeTruthy();
  });

  describe('bulk actions (issue 25 point 5)', () => {
    it('selects rows and the whole page, then suspends after a confirmation that names each company and says how many', async () => {
      asOperator();
      const api = mockApi({
        'GET /operator/clients': { result: LIST },
        'POST /operator/clients/bulk/suspend': { result: {
          suspended: 1,
          results: [
            { region: 'jpn', uuid: A, company_name: 'Demo Trading KK', outcome: 'suspended' },
            { region: 'jpn', uuid: B, company_name: 'Secure Industries KK', outcome: 'already_suspended' },
          ],
        } },
      });
      await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
      await screen.findByText('Demo Trading KK');
      expect(screen.queryByTestId('bulk-bar')).toBeNull();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select every client on this page' }));
      expect(within(screen.getByTestId('bulk-bar')).getByText('3 clients selected (up to 500)')).toBeTruthy();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bangkok Trading Co.' }));
      expect(screen.getByText('2 clients selected (up to 500)')).toBeTruthy();
      fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Suspend' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByRole('heading', { name: 'Suspend 2 clients' })).toBeTruthy();
      expect(within(dialog.getByTestId('bulk-confirm-list')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Demo Trading KK', 'Secure Industries KK']);
      expect(api.calls('POST /operator/clients/bulk/suspend')).toHaveLength(0);
      fireEvent.click(dialog.getByRole('button', { name: 'Suspend 2 clients' }));
      await waitFor(() => expect(api.calls('POST /operator/clients/bulk/suspend')).toHaveLength(1));
      expect(api.calls('POST /operator/clients/bulk/suspend')[0]!.body).toEqual({ clients: [{ region: 'jpn', uuid: A }, { region: 'jpn', uuid: B }] });
      // What happened to each, in the same dialog; the list is read again.
      const outcome = within(await dialog.findByTestId('bulk-outcome'));
      expect(outcome.getByText('Suspended')).toBeTruthy();
      expect(outcome.getByText('Was already suspended')).toBeTruthy();
      await waitFor(() => expect(api.calls('GET /operator/clients').length).toBeGreaterThan(1));
    });

    it('exports the selection and starts a notice draft to exactly it', async () => {
      asOperator();
      const api = mockApi({
        'GET /operator/clients': { result: LIST },
        'POST /operator/clients/bulk/csv': { result: { file_name: 'clients.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFFa\r\n', rows: 2 } },
        'POST /operator/notices/draft_for_clients': { result: { notice: {
          id: '00000000-0000-4000-8000-00000000n001'.replace('n', '0'), product: null, target: 'csv', payment: 'all', clients: [], audience: 2, title: 'Maintenance', body: '<p>x</p>', url: '',
          starts_at: null, ends_at: null, on_top: false, fixed: false, publish_status: 'before', state: 'draft', archived: false, reads: 0,
          created_at: '2026-12-01T00:00:00.000Z', updated_at: '2026-12-01T00:00:00.000Z',
        } } },
      });
      // The download itself (a link to a blob) is the browser's.
      const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      onTestFinished(() => { Object.assign(URL, { createObjectURL: saved.create, revokeObjectURL: saved.revoke }); });
      await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
      await screen.findByText('Demo Trading KK');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Demo Trading KK' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Secure Industries KK' }));
      const bar = within(screen.getByTestId('bulk-bar'));
      fireEvent.click(bar.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(api.calls('POST /operator/clients/bulk/csv')).toHaveLength(1));
      expect(api.calls('POST /operator/clients/bulk/csv')[0]!.body).toMatchObject({ clients: [{ region: 'jpn', uuid: A }, { region: 'jpn', uuid: B }] });

      fireEvent.click(bar.getByRole('button', { name: 'Send a notice' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByText('A notice to 2 clients')).toBeTruthy();
      fireEvent.change(dialog.getByRole('textbox', { name: 'Title' }), { target: { value: 'Maintenance' } });
      fireEvent.change(dialog.getByRole('textbox', { name: 'Text' }), { target: { value: 'Line <1>\nLine 2' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Create the draft' }));
      await waitFor(() => expect(api.calls('POST /operator/notices/draft_for_clients')).toHaveLength(1));
      expect(api.calls('POST /operator/notices/draft_for_clients')[0]!.body).toEqual({
        clients: [{ region: 'jpn', uuid: A }, { region: 'jpn', uuid: B }], title: 'Maintenance', body: '<p>Line &lt;1&gt;</p><p>Line 2</p>',
      });
      await waitFor(() => expect(seen.pathname).toBe('/operator/notices'));
    });

    it('says a client of another region cannot be in a notice', async () => {
      asOperator();
      mockApi({ 'GET /operator/clients': { result: LIST }, 'GET /partner/clients': { result: LIST } });
      await renderPage(<ClientListPage area="operator" />, { url: '/operator/clients' });
      await screen.findByText('Demo Trading KK');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bangkok Trading Co.' }));
      fireEvent.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Send a notice' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByText(/1 selected client is in another region/)).toBeTruthy();
      expect(dialog.getByRole('button', { name: 'Create the draft' })).toHaveProperty('disabled', true);
    });

    it('offers a partner export and suspend, but no notice', async () => {
      asPartner();
      mockApi({ 'GET /partner/clients': { result: LIST } });
      await renderPage(<ClientListPage area="partner" />, { url: '/partner/clients' });
      await screen.findByText('Demo Trading KK');
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select Demo Trading KK' }));
      const bar = within(screen.getByTestId('bulk-bar'));
      expect(bar.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
      expect(bar.getByRole('button', { name: 'Suspend' })).toBeTruthy();
      expect(bar.queryByRole('button', { name: 'Send a notice' })).toBeNull();
    });
  });
});
