import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TUsageDashboard } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import { groupSmallSlices } from '../format';
import DashboardPage from './DashboardPage';

const DASHBOARD: TUsageDashboard = {
  product: 'bownow', from: '2026-10-25', to: '2026-11-24', unit: 'day', time_zone: 'Asia/Tokyo',
  charts: [
    { metric: 'page_view', kind: 'line', dimension: null, points: [{ period: '2026-11-23', count: 1200 }, { period: '2026-11-24', count: 34 }], slices: [], total: 1234 },
    { metric: 'page_view', kind: 'donut', dimension: 'device', points: [], total: 100,
      slices: [{ value: 'pc', count: 70 }, { value: 'mobile', count: 26 }, { value: 'tablet', count: 3 }, { value: 'tv', count: 1 }] },
  ],
  distinct_users: { points: [{ period: '2026-11-23', count: 5 }, { period: '2026-11-24', count: 7 }], total: 10, relative_error: 0.008 },
  top_pages: [{ url: 'https://example.jp/pricing', title: 'Pricing', views: 4321 }],
  freshness: { newest_applied_at: '2026-11-24T05:00:00.000Z' },
  messages: ['limit_reached'],
};

describe('usage dashboard', () => {
  it('shows each chart\'s numbers as a table (screen readers), groups slices under 5 %, the top pages and §8 messages', async () => {
    mockApi({ 'POST /logs/bownow': { result: DASHBOARD } });
    await renderPage(<DashboardPage product="bownow" />, { url: '/logs/bownow', auth: 'owner' });
    const pv = await screen.findByRole('table', { name: 'Page views' });
    expect(within(pv).getByText('1,200')).toBeTruthy();
    expect(within(pv).getByText('Nov 23')).toBeTruthy();
    const donut = screen.getByRole('table', { name: 'Page views by device' });
    expect(within(donut).getByText('Other')).toBeTruthy();
    expect(within(donut).getByText('4')).toBeTruthy();
    expect(within(donut).queryByText('tablet')).toBeNull();
    expect(screen.getByRole('table', { name: 'Unique users' })).toBeTruthy();
    expect(screen.getByText(/error about ±0.8 %/)).toBeTruthy();
    const top = screen.getByRole('table', { name: 'Top 10 pages by page views' });
    expect(within(top).getByText('Pricing')).toBeTruthy();
    expect(within(top).getByText('4,321')).toBeTruthy();
    expect(screen.getByText('Limit reached')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/Not real-time: data as of/);
  });

  it('switching term and unit asks again with the new range and unit; a quick range sends its own dates', async () => {
    const api = mockApi({ 'POST /logs/bownow': { result: DASHBOARD } });
    await renderPage(<DashboardPage product="bownow" />, { url: '/logs/bownow', auth: 'owner' });
    await screen.findByRole('table', { name: 'Page views' });
    const first = api.calls('POST /logs/bownow')[0]!.body!;
    expect(first.unit).toBe('day');
    fireEvent.click(screen.getByRole('radio', { name: '1 year' }));
    await waitFor(() => expect(api.calls('POST /logs/bownow').some((c) => c.body!.unit === 'month')).toBe(true));
    const year = api.calls('POST /logs/bownow').find((c) => c.body!.unit === 'month')!.body!;
    expect(year.to).toBe(first.to);
    expect(String(year.from) < String(first.from)).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(api.calls('POST /logs/bownow').some((c) => c.body!.unit === 'week' && c.body!.from === year.from)).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Last month' }));
    await waitFor(() => expect(api.calls('POST /logs/bownow').some((c) => String(c.body!.from).endsWith('-01') && c.body!.unit === 'day')).toBe(true));
  });

  it('groups slices under 5 % into one "other" slice', () => {
    expect(groupSmallSlices([{ value: 'a', count: 95 }, { value: 'b', count: 4 }, { value: 'c', count: 1 }])).toEqual([{ value: 'a', count: 95 }, { value: '__other__', count: 5 }]);
    expect(groupSmallSlices([])).toEqual([]);
  });
});
