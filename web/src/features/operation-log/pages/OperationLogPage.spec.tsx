import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operationCategory } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import OperationLogPage from './OperationLogPage';

const A = '3b241101-e2bb-4255-8caf-4136c566a962';
const P = '0b9f3c5e-7a1d-4c2e-9f00-00000000a002';
type Actor = { kind: 'account' | 'operator' | 'partner' | 'support' | 'system'; uuid: string | null; name: string | null; organisation: string | null; behind: 'operator' | 'partner' | null };
const byAccount = (uuid: string | null): Actor => ({ kind: uuid ? 'account' : 'system', uuid, name: null, organisation: null, behind: null });
const log = (id: string, operation: string, detail: Record<string, unknown>, account: string | null = A, actor: Actor = byAccount(account)) =>
  ({ id, occurred_at: '2026-11-22T01:02:03.000Z', account_uuid: account, category: operationCategory(operation), operation, detail, support_actor: actor.kind === 'support' ? actor.name : null, actor });
/** Issue 25: the actors that are not the company's accounts. */
const partnerSupport: Actor = { kind: 'support', uuid: P, name: 'Hanako Partner', organisation: 'Demo Agency', behind: 'partner' };
const operatorSupport: Actor = { kind: 'support', uuid: P, name: 'Taro Unyo', organisation: null, behind: 'operator' };
const operatorStaff: Actor = { kind: 'operator', uuid: P, name: 'Taro Unyo', organisation: null, behind: null };

describe('operation log page', () => {
  // The export clicks a download link: happy-dom would navigate the window to it.
  beforeEach(() => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the target operation with the event and its detail in words, and exports the filtered log', { timeout: 20_000 }, async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /client_activity_log/list': {
        result: {
          total: 8,
          accounts: [{ uuid: A, name: 'Yamada Taro', email: 'taro@example.com' }],
          logs: [
            log('1', 'authority_changed', { email: 'hanako@example.com', before: 'user', after: 'admin', ip: '203.0.113.9' }),
            log('2', 'company_changed', { fields: ['phone', 'industry'] }),
            log('3', 'proxy_login', { actor: 'Taro Unyo' }, null, operatorSupport),
            log('4', 'profile_changed', { fields: ['given_name', 'language'], before: { given_name: 'Taro', language: 'ja-jp' }, after: { given_name: 'Jiro', language: 'en-us' } }),
            log('5', 'account_invited', { email: 'new@example.com', support: true, actor: 'Hanako Partner (Demo Agency)' }, P, partnerSupport),
            log('6', 'mfa_setting_changed', { before: { enabled: true, validity: '24h' }, after: { enabled: false, validity: '7d' } }),
            log('7', 'product_login', { product: 'bownow', proxy: false }),
            log('8', 'login_failed', { reason: 'password', failures: 2, colour: 'blue' }),
            log('9', 'notice_published', { title: 'Maintenance on Sunday' }, P, operatorStaff),
            log('10', 'trial_ended', { product: 'lessar' }, null),
          ],
        },
      },
      'POST /export': { result: { file_name: 'operation_log_20261122.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFFa,b\r\n', rows: 5 } },
    });
    await renderPage(<OperationLogPage />, { url: '/log/list' });
    // Each detail key is a labelled phrase in words: no raw ids, booleans or codes.
    await screen.findByText('Authority: User → Admin', undefined, { timeout: 5000 });
    const phrases = [
      'Email: hanako@example.com', 'IP address: 203.0.113.9', 'Changed: Phone number, Industry', 'Given name: Taro → Jiro', 'Language: 日本語 → English',
      'Email authentication: On → Off', 'Remember the browser for: 24 hours → 7 days', 'Product: BowNow', 'Reason: wrong password',
      // A key this version does not know still shows.
      'colour: blue',
    ];
    for (const phrase of phrases) expect(screen.getByText(phrase), phrase).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/true|false|24h|→ 7d|bownow/);
    // The support actor is named once, in the account column.
    expect(screen.queryByText('By: Agency KK')).toBeNull();
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Target operation' })).toBeTruthy();
    // Category in its column, the event as the detail's heading.
    expect(table.getAllByText('Accounts')).toHaveLength(2);
    // Times in the host's zone (the test host is Japanese), with the zone named.
    expect(table.getAllByText('Nov 22, 2026, 10:02 AM GMT+9')).toHaveLength(10);
    expect(screen.getByText('Times and the dates of the filter are in Asia/Tokyo time (GMT+9).')).toBeTruthy();
    expect(table.getByText('Company info')).toBeTruthy();
    expect(table.getByText('Profile')).toBeTruthy();
    expect(table.getByText('Authority changed')).toBeTruthy();
    expect(table.getByText('Profile changed')).toBeTruthy();
    // Who acted is named in words, never as a former account (issue 25): a support login and the
    // partner or operator behind it, with the person; operator staff by name; the system.
    expect(table.getByText('Partner Demo Agency (support login)')).toBeTruthy();
    expect(table.getByText('Hanako Partner')).toBeTruthy();
    expect(table.getByText('Operator (support login)')).toBeTruthy();
    expect(table.getByText('Operator (Taro Unyo)')).toBeTruthy();
    expect(table.getByText('System')).toBeTruthy();
    expect(table.queryByText('Deleted account')).toBeNull();
    expect(table.queryByText('Deleted account')).toBeNull();
    expect(table.getAllByText('Yamada Taro')).toHaveLength(6);
    // The count under the table counts entries, not accounts.
    expect(screen.getByText('8 entries')).toBeTruthy();
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('POST /export')).toHaveLength(1));
    expect(api.calls('POST /export')[0]!.body).toEqual({ type: 'operation_log' });
    expect(await screen.findByText('Exported 5 entries.')).toBeTruthy();
  });

  it('shows the same instant in the US host\'s zone', async () => {
    setCookie('level', '9');
    mockApi({ 'GET /client_activity_log/list': { result: { total: 1, accounts: [], logs: [log('1', 'login', {}, null)] } } });
    await renderPage(<OperationLogPage />, { url: '/log/list', region: 'usa' });
    expect(await screen.findByText('Nov 21, 2026, 8:02 PM EST')).toBeTruthy();
    expect(screen.getByText('Times and the dates of the filter are in America/New_York time (EST).')).toBeTruthy();
  });

  it('shows each entry as a card with its detail on a phone', async () => {
    setCookie('level', '9');
    const narrow = (query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    });
    vi.stubGlobal('matchMedia', narrow);
    mockApi({ 'GET /client_activity_log/list': { result: { total: 1, accounts: [{ uuid: A, name: 'Yamada Taro', email: 'taro@example.com' }], logs: [log('1', 'product_login', { product: 'bownow' })] } } });
    await renderPage(<OperationLogPage />, { url: '/log/list' });
    const cards = within(await screen.findByTestId('oplog-cards'));
    expect(cards.getByText('Product: BowNow')).toBeTruthy();
    expect(cards.getByText('Yamada Taro')).toBeTruthy();
    expect(cards.getByText('Nov 22, 2026, 10:02 AM GMT+9')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by target operation, in the list and the export', { timeout: 20_000 }, async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /client_activity_log/list': { result: { total: 1, accounts: [], logs: [log('1', 'login', {}, null)] } },
      'POST /export': { result: { file_name: 'x.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFF', rows: 1 } },
    });
    await renderPage(<OperationLogPage />, { url: '/log/list' });
    await screen.findByText('Logged in', undefined, { timeout: 5000 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Target operation' }), { target: { value: 'system_settings' } });
    await waitFor(() => expect(api.calls('GET /client_activity_log/list').at(-1)!.query.get('category')).toBe('system_settings'));
    // The event filter offers the events of that category only.
    const events = within(screen.getByRole('combobox', { name: 'Operation' }));
    expect(events.getByRole('option', { name: 'IP restriction changed' })).toBeTruthy();
    expect(events.queryByRole('option', { name: 'Logged in' })).toBeNull();
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('POST /export')).toHaveLength(1));
    expect(api.calls('POST /export')[0]!.body).toEqual({ type: 'operation_log', category: 'system_settings' });
  });
  it('pages on by the previous page\'s cursor and says when the count is capped', { timeout: 20_000 }, async () => {
    setCookie('level', '9');
    const cursor = `1764000000000~${A}`;
    const api = mockApi({
      'GET /client_activity_log/list': (request) => ({
        result: {
          total: 10_000, total_capped: true, accounts: [],
          logs: [log(request.query.get('cursor') ? '2' : '1', request.query.get('cursor') ? 'logout' : 'login', {}, null)],
          next_cursor: request.query.get('cursor') ? null : cursor,
        },
      }),
    });
    await renderPage(<OperationLogPage />, { url: '/log/list' });
    expect(await screen.findByText('More than 10,000 entries: narrow the period to see them all', undefined, { timeout: 5000 })).toBeTruthy();
    expect(api.calls('GET /client_activity_log/list')[0]!.query.get('cursor')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Logged out')).toBeTruthy());
    const second = api.calls('GET /client_activity_log/list').at(-1)!.query;
    expect(second.get('cursor')).toBe(cursor);
    expect(second.get('page')).toBe('2');
    // A jump to a page without a known cursor goes by its number.
    fireEvent.click(screen.getByRole('button', { name: '5' }));
    await waitFor(() => expect(api.calls('GET /client_activity_log/list').at(-1)!.query.get('page')).toBe('5'));
    expect(api.calls('GET /client_activity_log/list').at(-1)!.query.get('cursor')).toBeNull();
  });
});
