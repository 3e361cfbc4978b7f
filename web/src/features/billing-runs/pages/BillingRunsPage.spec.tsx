import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBillingRunView } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import BillingRunsPage from './BillingRunsPage';

const run = (over: Partial<TBillingRunView>): TBillingRunView => ({
  id: '00000000-0000-4000-8000-000000000001', shard: 'jpn', month: '2027-01', status: 'completed', clients_total: 6, clients_done: 6, invoices_written: 6,
  attempts: 2, started_at: '2027-01-01T18:00:00.000Z', finished_at: '2027-01-01T18:00:05.000Z', updated_at: '2027-01-01T18:00:05.000Z', ...over,
});
const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };

describe('billing runs (operator)', () => {
  it('lists each region\'s run with its progress; a bad month is refused under the field without a call', async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/billing_runs': { result: { runs: [run({}), run({ id: '00000000-0000-4000-8000-000000000002', shard: 'usa', status: 'failed', clients_done: 1, clients_total: 3, invoices_written: 1, attempts: 1 })], waiting: null } },
      'POST /operator/billing_runs': (req) => ({ result: { runs: [run({ month: req.body!['month'] as string, status: 'queued' })], queued: true, waiting: null } }),
    });
    await renderPage(<BillingRunsPage />, { url: '/operator/billing_runs' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Japan')).toBeTruthy();
    expect(within(rows[0]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[0]!).getByText('6 / 6 clients')).toBeTruthy();
    expect(within(rows[0]!).getByText('2 attempts')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('1 / 3 clients')).toBeTruthy();

    const month = screen.getByLabelText('Month (YYYY-MM)');
    fireEvent.change(month, { target: { value: '2027-13' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect(await screen.findByText(/month/i, { selector: '.mantine-InputWrapper-error' })).toBeTruthy();
    expect(api.calls('POST /operator/billing_runs')).toHaveLength(0);

    fireEvent.change(month, { target: { value: '2027-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    await waitFor(() => expect(api.calls('POST /operator/billing_runs')).toHaveLength(1));
    expect(api.calls('POST /operator/billing_runs')[0]!.body).toEqual({ month: '2027-01' });
    expect(screen.queryByText('The billing job is waiting')).toBeNull();
  });

  it('says what the job waits for: a stuck run on the list, and what a start was told', async () => {
    asOperator();
    const takeover = "The billing job's previous run stopped answering 7 seconds ago (its process ended). Another worker takes it over within 10 seconds; this month follows.";
    const running = 'The billing job is already working (for 95 seconds); it bills this month in turn.';
    let stuck = true;
    mockApi({
      'GET /operator/billing_runs': () => ({ result: { runs: [run({ status: 'running', clients_done: 2 })], waiting: stuck ? { reason: 'takeover', seconds: 10, message: takeover } : null } }),
      'POST /operator/billing_runs': () => ({ result: { runs: [run({ status: 'queued' })], queued: true, waiting: { reason: 'running', seconds: 95, message: running } } }),
    });
    await renderPage(<BillingRunsPage />, { url: '/operator/billing_runs' });
    expect(await screen.findByText(takeover)).toBeTruthy();
    expect(screen.getByText('The billing job is waiting')).toBeTruthy();

    stuck = false;
    fireEvent.change(screen.getByLabelText('Month (YYYY-MM)'), { target: { value: '2027-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start the run' }));
    expect(await screen.findByText(running)).toBeTruthy();
  });
});
