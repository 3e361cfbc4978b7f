import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TClientActivityList } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import UsageStatusPage from './UsageStatusPage';

const LIST: TClientActivityList = {
  total: 2,
  clients: [
    { client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', company_name: 'Demo Trading KK', region: 'jpn', products: [
      { product: 'bownow', last_at: '2026-11-24T03:00:00.000Z', totals: [{ metric: 'page_view', count: 1234 }, { metric: 'conversion', count: 5 }] },
    ] },
    { client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000102', company_name: 'Quiet KK', region: 'jpn', products: [] },
  ],
};

describe('usage status (partner)', () => {
  it('lists each client with product display names, last use in the zone and counts; a quick range asks again', async () => {
    setCookie('level', '3'); setCookie('login_operator_type', '2'); setCookie('user_id', 'p-1');
    const api = mockApi({ 'GET /client_activity_log/usage': { result: LIST } });
    await renderPage(<UsageStatusPage area="partner" />, { url: '/partner/usage' });
    const table = await screen.findByRole('table', { name: 'Usage status' });
    const row = within(table).getByText('Demo Trading KK').closest('tr')!;
    expect(within(row).getByText('BowNow')).toBeTruthy();
    expect(within(row).getByText(/Page views 1,234 · Conversions 5/)).toBeTruthy();
    expect(row.textContent).toMatch(/Nov 24, 2026/);
    expect(within(table).getByText('No usage recorded')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(api.calls('GET /client_activity_log/usage').some((c) => c.query.get('from')!.endsWith('-01'))).toBe(true));
  });
});
