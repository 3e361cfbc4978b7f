import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../test/api-mock';
import { renderApp, setCookie } from '../../test/render';

const A = '3b241101-e2bb-4255-8caf-4136c566a962';
const log = (id: string, operation: string, detail: Record<string, unknown>, account: string | null = A) =>
  ({ id, occurred_at: '2026-11-22T01:02:03.000Z', account_uuid: account, operation, detail });

describe('operation log page', () => {
  it('shows who did what in words and exports the filtered log', async () => {
    setCookie('level', '9');
    const api = mockApi({
      'GET /client_activity_log/list': {
        result: {
          total: 3,
          accounts: [{ uuid: A, name: 'Yamada Taro', email: 'taro@example.com' }],
          logs: [
            log('1', 'authority_changed', { email: 'hanako@example.com', before: 'user', after: 'admin', ip: '203.0.113.9' }),
            log('2', 'company_changed', { fields: ['phone', 'industry'] }),
            log('3', 'proxy_login', { actor: 'Agency KK' }, null),
          ],
        },
      },
      'POST /export': { result: { file_name: 'operation_log_20261122.csv', content_type: 'text/csv; charset=utf-8', content: '\uFEFFa,b\r\n', rows: 3 } },
    });
    await renderApp('/log/list');
    expect(await screen.findByText('hanako@example.com · user → admin · IP 203.0.113.9')).toBeTruthy();
    expect(screen.getByText('Changed: Phone number, Industry')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getAllByText('Yamada Taro')).toHaveLength(2);
    expect(table.getByText('Authority changed')).toBeTruthy();
    expect(table.getAllByText('Support login')).toHaveLength(2);
    URL.createObjectURL = () => 'blob:csv';
    URL.revokeObjectURL = () => undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.calls('POST /export')).toHaveLength(1));
    expect(api.calls('POST /export')[0]!.body).toEqual({ type: 'operation_log' });
    expect(await screen.findByText('Exported 3 entries.')).toBeTruthy();
  });
});
