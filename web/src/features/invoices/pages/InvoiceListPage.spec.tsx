import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInvoiceRow, TNextInvoice, TUnpaidInvoice } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import InvoiceListPage from './InvoiceListPage';

const row = (over: Partial<TInvoiceRow>): TInvoiceRow => ({
  id: '00000000-0000-4000-8000-000000000001', number: 'USA-202612-000001', month: '2026-12', issued_on: '2026-12-01', billing_date: '2026-12-31',
  products: ['actibook'], total_minor: 1234, currency: 'USD', charge_total_minor: 185, charge_currency: 'JPY', status: 'paid', ...over,
});

const NEXT: TNextInvoice = {
  month: '2027-01', status: 'scheduled', invoice_date: '2027-01-01', rate_instant: '2026-12-31T15:00:00.000Z', billing_date: '2027-01-31',
  subtotal_minor: 1234, tax_minor: 0, total_minor: 1234, currency: 'USD', charge_total_minor: 185, charge_currency: 'JPY',
  per_rate: [{ rate: '0.0', subtotal_minor: 1234, tax_minor: 0 }], fx: { rate: '150.25', applies_at: '2026-09-30T15:00:00.000Z' },
  lines: [{ kind: 'plan', product: 'actibook', name: { 'en-us': 'ActiBook Standard' }, quantity: 1, unit_amount_minor: 1234, amount_minor: 1234, period_from: '2027-01-01', period_to: '2027-01-31' }],
};
const JPY_NEXT: TNextInvoice = {
  ...NEXT, currency: 'JPY', subtotal_minor: 300000, tax_minor: 30000, total_minor: 330000, charge_total_minor: 330000, fx: null,
  per_rate: [{ rate: '10.0', subtotal_minor: 300000, tax_minor: 30000 }],
  lines: [
    { kind: 'plan', product: 'bownow', name: { 'en-us': 'BowNow Pro' }, quantity: 1, unit_amount_minor: 40000, amount_minor: 40000, period_from: '2027-01-01', period_to: '2027-01-31' },
    { kind: 'penalty', product: 'bownow', name: { 'en-us': 'BowNow Pro' }, quantity: 8, unit_amount_minor: 32500, amount_minor: 260000, period_from: '2027-02-01', period_to: '2027-09-30' },
  ],
};
const unpaid = (over: Partial<TUnpaidInvoice>): TUnpaidInvoice => ({ ...row({ status: 'failed', currency: 'JPY', total_minor: 11000, charge_total_minor: 11000, charge_currency: 'JPY' }), overdue: true, pay_action: 'retry_card', ...over });

describe('invoice history (/billing/list)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each invoice as a card with its PDF button on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    mockApi({ 'GET /billing/list': { result: { invoices: [row({})], total: 1, next: null, unpaid: [], transfer_account: null } } });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(1);
    const card = within(cards[0]!);
    expect(card.getByText('December 2026')).toBeTruthy();
    expect(card.getByText('USA-202612-000001')).toBeTruthy();
    expect(card.getByText('$12.34')).toBeTruthy();
    expect(card.getByText('Paid')).toBeTruthy();
    expect(card.getByRole('button', { name: 'PDF' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the next invoice and each invoice with its date, products, amount (and the yen charged) and status', async () => {
    mockApi({
      'GET /billing/list': {
        result: {
          invoices: [row({}), row({ id: '00000000-0000-4000-8000-000000000002', number: 'USA-202611-000001', month: '2026-11', issued_on: '2026-11-01', status: 'failed' })],
          total: 2,
          next: NEXT,
          unpaid: [],
          transfer_account: null,
        },
      },
    });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const next = within(await screen.findByLabelText('Next invoice'));
    expect(next.getByText('January 2027')).toBeTruthy();
    expect(next.getByText('Jan 31, 2027')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Invoice history' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('USA-202612-000001')).toBeTruthy();
    expect(first.getByText('$12.34')).toBeTruthy();
    expect(first.getByText('Charged as ¥185')).toBeTruthy();
    expect(first.getByText('Paid')).toBeTruthy();
    expect(first.getByText('ActiBook')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(first.getByRole('button', { name: 'PDF' })).toBeTruthy();
  });

  it('says when there is no invoice and none scheduled', async () => {
    mockApi({ 'GET /billing/list': { result: { invoices: [], total: 0, next: null, unpaid: [], transfer_account: null } } });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    expect(await screen.findByText('No invoice is scheduled.')).toBeTruthy();
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
  });

  it('issue 23: the next invoice is scheduled with its lines, the penalty with its period and months, tax per rate, the rates\' instant and the schedule rule', async () => {
    mockApi({ 'GET /billing/list': { result: { invoices: [], total: 0, next: JPY_NEXT, unpaid: [], transfer_account: null } } });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const next = within(await screen.findByLabelText('Next invoice'));
    expect(next.getByText('Scheduled')).toBeTruthy();
    const lines = within(next.getByRole('table', { name: 'Lines' }));
    expect(lines.getAllByText('BowNow Pro')).toHaveLength(2);
    expect(lines.getByText('Period Feb 1, 2027 – Sep 30, 2027')).toBeTruthy();
    expect(lines.getByText('¥32,500 × months: 8')).toBeTruthy();
    expect(lines.getByText('¥260,000')).toBeTruthy();
    expect(lines.getByText('Tax 10.0%')).toBeTruthy();
    expect(lines.getByText('¥30,000')).toBeTruthy();
    expect(next.getByText(/^Rates as of Jan 1, 2027, 12:00 AM/)).toBeTruthy();
    expect(next.getByText(/issued on the 1st and bills that month's fixed fees in advance/)).toBeTruthy();
  });

  it('issue 23: lists unpaid invoices apart, marks the overdue ones, charges the card again on "pay now" and shows where to transfer', async () => {
    let paid = false;
    const api = mockApi({
      'GET /billing/list': () => ({
        result: {
          invoices: [], total: 2, next: NEXT, transfer_account: 'Mizuho Bank, Head Office, ordinary 1234567',
          unpaid: paid ? [] : [
            unpaid({}),
            unpaid({ id: '00000000-0000-4000-8000-000000000002', number: 'JPN-202612-000002', month: '2026-11', status: 'billed', pay_action: 'bank_transfer' }),
            unpaid({ id: '00000000-0000-4000-8000-000000000003', number: 'JPN-202701-000003', month: '2027-01', status: 'scheduled', overdue: false, pay_action: 'none' }),
          ],
        },
      }),
      'POST /billing/pay_now': () => { paid = true; return { result: { id: '00000000-0000-4000-8000-000000000001', status: 'paid', paid: true } }; },
    });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const box = within(await screen.findByLabelText('Unpaid invoices'));
    const items = box.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    expect(within(items[0]!).getByText('Failed')).toBeTruthy();
    expect(within(items[1]!).getByText('Please transfer ¥11,000 to: Mizuho Bank, Head Office, ordinary 1234567')).toBeTruthy();
    expect(within(items[2]!).queryByText('Overdue')).toBeNull();
    expect(within(items[2]!).getByText('Your card is charged on the payment date.')).toBeTruthy();
    expect(box.getAllByRole('button', { name: 'Pay now by card' })).toHaveLength(1);
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Pay now by card' }));
    await waitFor(() => expect(api.calls('POST /billing/pay_now')).toHaveLength(1));
    expect(api.calls('POST /billing/pay_now')[0]!.body).toEqual({ id: '00000000-0000-4000-8000-000000000001' });
    expect(await screen.findByText('Invoice USA-202612-000001 is paid.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByLabelText('Unpaid invoices')).toBeNull());
  });

  it('filters the history by year and status, offers the year\'s zip, the filtered CSV and a receipt for paid invoices (issue 23)', async () => {
    const api = mockApi({
      'GET /billing/list': { result: { invoices: [row({}), row({ id: '00000000-0000-4000-8000-000000000002', number: 'USA-202611-000001', status: 'billed' })], total: 2, next: null, unpaid: [], transfer_account: null } },
      'GET /billing/invoice_csv': { result: { file_name: 'invoices.csv', content_type: 'text/csv', content: btoa('a,b'), rows: 1 } },
    });
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    // The download itself (a link to a blob) is the browser's: happy-dom would move the window to blob:x.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => { Object.assign(URL, { createObjectURL: saved.create, revokeObjectURL: saved.revoke }); });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Receipt' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Receipt' })).toBeNull();
    expect(screen.queryByRole('link', { name: /zip/ })).toBeNull();

    const year = String(new Date().getFullYear() - 1);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: year } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    await waitFor(() => expect(api.requests.some((r) => r.path === '/billing/list' && r.query.get('year') === year && r.query.get('status') === 'paid')).toBe(true));
    expect(screen.getByRole('link', { name: `PDFs of ${year} (zip)` }).getAttribute('href')).toBe(`/v1/billing/invoice_zip?year=${year}`);

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(api.requests.find((r) => r.path === '/billing/invoice_csv')?.query.get('year')).toBe(year));
    expect(api.requests.find((r) => r.path === '/billing/invoice_csv')?.query.get('status')).toBe('paid');
  });
});
