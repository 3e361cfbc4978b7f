import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operationCategory } from '@portal/proto';
import { mockApi } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';

const A = '3b241101-e2bb-4255-8caf-4136c566a962';
const P = '0b9f3c5e-7a1d-4c2e-9f00-00000000a002';
const log = (id: string, operation: string, detail: Record<string, unknown>, account: string | null = A, supportActor: string | null = null) =>
  ({ id, occurred_at: '2026-11-22T01:02:03.000Z', account_uuid: account, category: operationCategory(operation), operation, detail, support_actor: supportActor });

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
          total: 5,
          accounts: [{ uuid: A, name: 'Yamada Taro', email: 'taro@example.com' }],
          logs: [
            log('1', 'authority_changed', { email: 'hanako@example.com', before: 'user', after: 'admin', ip: '203.0.113.9' }),
            log('2', 'company_changed', { fields: ['phone', 'industry'] }),
            log('3', 'proxy_login', { actor: 'Agency KK' }, null, 'Agency KK'),
            log('4', 'profile_changed', { fields: ['given_name', 'language'], before: { given_name: 'Taro', language: 'ja-jp' }, after: { given_name: 'Jiro', language: 'en-us' } }),
            log('5', 'account_invited', { email: 'new@example.com', support: true, actor: 'Partner Hanako (Demo Agency)' }, P, 'Partner Hanako (Demo Agency)'),
          ],
        },
      },
      'POST /export': { result: { file_name: 'operation_log_20261122.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFFa,b\r\n', rows: 5 } },
    });
    await renderApp('/log/list');
    expect(await screen.findByText('hanako@example.com · user → admin · IP 203.0.113.9', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Changed: Phone number, Industry')).toBeTruthy();
    expect(screen.getByText('given name: Taro → Jiro · language: ja-jp → en-us')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Target operation' })).toBeTruthy();
    // Category in its column, the event as the detail's heading.
    expect(table.getAllByText('Accounts')).toHaveLength(2);
    expect(table.getByText('Company info')).toBeTruthy();
    expect(table.getByText('Profile')).toBeTruthy();
    expect(table.getByText('Authority changed')).toBeTruthy();
    expect(table.getByText('Profile changed')).toBeTruthy();
    // Who acted in a support login is named, not shown as a former account.
    expect(table.getByText('Partner Hanako (Demo Agency) (support login)')).toBeTruthy();
    expect(table.getByText('Agency KK (support login)')).toBeTruthy();
    expect(table.queryByText('Deleted account')).toBeNull();
    expect(table.getAllByText('Yamada Taro')).toHaveLength(3);
    // The count under the table counts entries, not accounts.
    expect(screen.getByText('5 entries')).toBeTruthy();
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('POST /export')).toHaveLength(1));
    expect(api.calls('POST /export')[0]!.body).toEqual({ type: 'operation_log' });
    expect(await screen.findByText('Exported 5 entries.')).toBeTruthy();
  });

  it('filters by target operation, in the list and the export', { timeout: 20_000 }, async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /client_activity_log/list': { result: { total: 1, accounts: [], logs: [log('1', 'login', {}, null)] } },
      'POST /export': { result: { file_name: 'x.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFF', rows: 1 } },
    });
    await renderApp('/log/list');
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
});
