import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPlanView } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie, setViewportWidth } from '../../../test/render';
import PlanMasterPage, { moved } from './PlanMasterPage';

const plan = (id: string, over: Partial<TPlanView> = {}): TPlanView => ({
  id, product: 'bownow', name: { 'ja-jp': id, 'en-us': `Name ${id}` }, type: 'plan', scheme: 'legacy', status: 'available', contract_kind: 'monthly',
  billing_type: 'fixed', amount_jpy: 20000, amount_usd: 19900, initial_cost_plan_id: null, per_plan: false, unit_value: null, unit: null, range_lower: null, range_upper: null,
  explanation: {}, grants: [], sort_order: 1, contractable: [], exclusive: [], in_use: 0, operable: true, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T03:00:00.000Z', ...over,
});
const ROWS = [
  plan('bownow_standard', { in_use: 3, contractable: ['bownow_opt_a'] }),
  plan('bownow_opt_a', { type: 'option', exclusive: ['bownow_opt_b'] }),
  plan('bownow_opt_b', { type: 'option_monthly', status: 'waiting_setup', amount_jpy: null, amount_usd: null, operable: false, billing_type: 'metered', unit_value: 10000, unit: 'pv', range_lower: 0, range_upper: null }),
];
const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };

/** The plan form loads when a row is opened (a lazy chunk): the dialog, once its form is there. */
async function formDialog() {
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByRole('button', { name: 'Cancel' });
  return dialog;
}

describe('plan master (operator)', () => {
  it('lists rows with type, status, amounts per currency, number in use and last update; filters go to the server', async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/plans': { result: { plans: ROWS } } });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    const table = within(await screen.findByRole('table'));
    const standard = within(table.getByTestId('plan-row-bownow_standard'));
    expect(standard.getByText('Name bownow_standard')).toBeTruthy();
    expect(standard.getByText('¥20,000')).toBeTruthy();
    expect(standard.getByText('$199.00')).toBeTruthy();
    expect(standard.getByText('3')).toBeTruthy();
    const waiting = within(table.getByTestId('plan-row-bownow_opt_b'));
    expect(waiting.getByText('Waiting for setup')).toBeTruthy();
    expect(waiting.getByText('Monthly option')).toBeTruthy();
    expect(waiting.getByText(/per 10000 pv/)).toBeTruthy();
    // Without a product, the order cannot be changed.
    expect(screen.getByText('Choose one product, without other filters, to change the display order.')).toBeTruthy();
    expect(table.queryByRole('button', { name: /Move .* up/ })).toBeNull();
    expect(api.calls('GET /operator/plans')[0]!.query.toString()).toBe('');
    // On a wide screen the action is the last column.
    expect(within(standard.getAllByRole('cell').at(-1)!).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('puts each row\'s edit action in its first column at 390 px, where a last column is off-screen (issue 25 item 7)', async () => {
    setViewportWidth(390);
    try {
      asOperator();
      mockApi({ 'GET /operator/plans': { result: { plans: ROWS } } });
      await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
      const row = await screen.findByTestId('plan-row-bownow_standard');
      const cells = within(row).getAllByRole('cell');
      expect(within(cells[0]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
      fireEvent.click(within(cells[0]!).getByRole('button', { name: 'Edit' }));
      await formDialog();
    } finally {
      setViewportWidth(1280);
    }
  });

  it('saves a new display order after a drag and drop within one product', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/plans': { result: { plans: ROWS } },
      'PUT /operator/plans/order': (req) => ({ result: { product: 'bownow', ids: req.body!['ids'] as string[] } }),
    });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans?product=bownow' });
    fireEvent.click((await screen.findAllByLabelText('Product'))[0]!);
    fireEvent.click(await screen.findByText('BowNow', { selector: '[role=option] *, [role=option]' }));
    await waitFor(() => expect(api.calls('GET /operator/plans').some((c) => c.query.get('product') === 'bownow')).toBe(true));
    expect(await screen.findByText('Drag rows (or use the arrows) to set the display order; it is saved at once.')).toBeTruthy();
    const rows = screen.getAllByTestId(/plan-row-/);
    fireEvent.dragStart(rows[2]!);
    fireEvent.dragOver(rows[0]!);
    fireEvent.drop(rows[0]!);
    await waitFor(() => expect(api.calls('PUT /operator/plans/order')).toHaveLength(1));
    expect(api.calls('PUT /operator/plans/order')[0]!.body).toEqual({ product: 'bownow', ids: ['bownow_opt_b', 'bownow_standard', 'bownow_opt_a'] });
    fireEvent.click(screen.getByRole('button', { name: 'Move Name bownow_standard down' }));
    await waitFor(() => expect(api.calls('PUT /operator/plans/order')).toHaveLength(2));
    expect(api.calls('PUT /operator/plans/order')[1]!.body).toEqual({ product: 'bownow', ids: ['bownow_opt_a', 'bownow_standard', 'bownow_opt_b'] });
  });

  it('edits a row and shows the server\'s refusal under its field, then saves', { timeout: 40_000 }, async () => {
    asOperator();
    let attempt = 0;
    const api = mockApi({
      'GET /operator/plans': { result: { plans: ROWS } },
      'PUT /operator/plans': (req) => (++attempt === 1
        ? { code: 40011, message: 'Please check the input.', errors: { exclusive: ['{{ids}} cannot be combined.'.replace('{{ids}}', 'x')] } }
        : { result: { plan: { ...ROWS[1]!, amount_jpy: req.body!['amount_jpy'] as number } } }),
    });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    const row = within(await screen.findByTestId('plan-row-bownow_opt_a'));
    fireEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = (await formDialog());
    const jpy = dialog.getByLabelText('Amount (JPY)');
    fireEvent.change(jpy, { target: { value: '5000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('x cannot be combined.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /operator/plans')).toHaveLength(2));
    expect(api.calls('PUT /operator/plans')[1]!.body).toMatchObject({ id: 'bownow_opt_a', amount_jpy: 5000, amount_usd: 19900, exclusive: ['bownow_opt_b'], expected_updated_at: ROWS[1]!.updated_at });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks a new row\'s ID format in the browser first, sending nothing', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({ 'GET /operator/plans': { result: { plans: ROWS } } });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    fireEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = (await formDialog());
    fireEvent.change(dialog.getByLabelText(/Plan ID/), { target: { value: 'Bad Id' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/Use 3 to 64 lower-case letters/)).toBeTruthy();
    expect(api.calls('POST /operator/plans')).toHaveLength(0);
  });

  it('issue 22: shows what a package plan grants, asks for it on a package\'s plan only, and sends it', { timeout: 40_000 }, async () => {
    asOperator();
    const pack = plan('ccfwe_standard', { product: 'ccfwe', grants: ['bownow', 'izanai'], name: { 'ja-jp': 'スタンダード', 'en-us': 'Web pack standard' } });
    const api = mockApi({
      'GET /operator/plans': { result: { plans: [...ROWS, pack] } },
      'PUT /operator/plans': (req) => ({ result: { plan: { ...pack, grants: req.body!['grants'] as typeof pack.grants } } }),
    });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    const row = within(await screen.findByTestId('plan-row-ccfwe_standard'));
    expect(row.getByText('CCF Web Growth Pack')).toBeTruthy();
    expect(row.getByTestId('plan-grants-ccfwe_standard').textContent).toBe('Includes: BowNow, IZANAI');
    // A product's own plan has no such field.
    fireEvent.click(within(screen.getByTestId('plan-row-bownow_standard')).getByRole('button', { name: 'Edit' }));
    expect((await formDialog()).queryByText('Products included')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(row.getByRole('button', { name: 'Edit' }));
    const dialog = (await formDialog());
    expect(dialog.getByText('A contract on this package plan gives a license for each product chosen here.')).toBeTruthy();
    const picker = dialog.getByLabelText(/Products included/);
    fireEvent.click(picker);
    // The picker's own list (the filter's product list is in the page too).
    await waitFor(() => expect(document.getElementById(picker.getAttribute('aria-controls') ?? '')).toBeTruthy());
    const options = within(document.getElementById(picker.getAttribute('aria-controls')!)!);
    fireEvent.click(options.getByText('BlueMonkey', { selector: '[role=option] *, [role=option]' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PUT /operator/plans')).toHaveLength(1));
    expect(api.calls('PUT /operator/plans')[0]!.body).toMatchObject({ id: 'ccfwe_standard', product: 'ccfwe', grants: ['bownow', 'izanai', 'bluemonkey'] });
  });

  it('issue 22: keeps names on one tab per language, requires Japanese and English before sending, and sends the others given', { timeout: 40_000 }, async () => {
    asOperator();
    const api = mockApi({
      'GET /operator/plans': { result: { plans: ROWS } },
      'POST /operator/plans': (req) => ({ result: { plan: plan(req.body!['id'] as string, { name: req.body!['name'] as Record<string, string> }) } }),
    });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    fireEvent.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = (await formDialog());
    fireEvent.change(dialog.getByLabelText(/Plan ID/), { target: { value: 'bownow_opt_new' } });
    // Seven tabs; Japanese and English marked required.
    expect(dialog.getAllByRole('tab')).toHaveLength(7);
    expect(dialog.getByRole('tab', { name: '日本語 (required)' })).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'English (required)' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('tab', { name: '日本語 (required)' }));
    fireEvent.change(dialog.getByLabelText(/Name \(日本語\)/), { target: { value: '新オプション' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    // English is missing: its tab opens with the server's message under the name, and nothing is sent.
    expect(await dialog.findByText('Enter the English name.')).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'English (required)' }).getAttribute('aria-selected')).toBe('true');
    expect(api.calls('POST /operator/plans')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/Name \(English\)/), { target: { value: 'New option' } });
    fireEvent.click(dialog.getByRole('tab', { name: 'ไทย' }));
    fireEvent.change(dialog.getByLabelText(/Name \(ไทย\)/), { target: { value: 'ตัวเลือกใหม่' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /operator/plans')).toHaveLength(1));
    expect(api.calls('POST /operator/plans')[0]!.body).toMatchObject({ id: 'bownow_opt_new', name: { 'ja-jp': '新オプション', 'en-us': 'New option', 'th-th': 'ตัวเลือกใหม่' }, grants: [] });
  });

  it('issue 22: opens the tab of a language the server refused', { timeout: 20_000 }, async () => {
    asOperator();
    mockApi({
      'GET /operator/plans': { result: { plans: ROWS } },
      'PUT /operator/plans': { code: 40011, message: 'Please check the highlighted fields.', errors: { 'name.vi-vn': ['Too long.'] } },
    });
    await renderPage(<PlanMasterPage />, { url: '/operator/plans' });
    fireEvent.click(within(await screen.findByTestId('plan-row-bownow_opt_a')).getByRole('button', { name: 'Edit' }));
    const dialog = (await formDialog());
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Too long.')).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'Tiếng Việt' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves an item', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
