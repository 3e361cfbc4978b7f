import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInvoiceRow } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import InvoiceListPage from './InvoiceListPage';

const row = (over: Partial<TInvoiceRow>): TInvoiceRow => ({
  id: '00000000-0000-4000-8000-000000000001', number: 'USA-202612-000001', month: '2026-12', issued_on: '2026-12-01', billing_date: '2026-12-31',
  products: ['actibook'], total_minor: 1234, currency: 'USD', charge_total_minor: 185, charge_currency: 'JPY', status: 'paid', ...over,
});

describe('invoice history (/billing/list)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each invoice as a card with its PDF button on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    mockApi({ 'GET /billing/list': { result: { invoices: [row({})], total: 1, next: null } } });
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
          next: { month: '2027-01', billing_date: '2027-01-31', subtotal_minor: 1234, tax_minor: 0, total_minor: 1234, currency: 'USD', charge_total_minor: 185, charge_currency: 'JPY' },
        },
      },
    });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    const next = within(await screen.findByLabelText('Next invoice'));
    expect(next.getByText('January 2027')).toBeTruthy();
    expect(next.getByText('Jan 31, 2027')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
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
    mockApi({ 'GET /billing/list': { result: { invoices: [], total: 0, next: null } } });
    await renderPage(<InvoiceListPage />, { url: '/billing/list', auth: 'owner' });
    expect(await screen.findByText('No invoice is scheduled.')).toBeTruthy();
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
  });

  it('filters the history by year and status, offers the year\'s zip, the filtered CSV and a receipt for paid invoices (issue 23)', async () => {
    const api = mockApi({
      'GET /billing/list': { result: { invoices: [row({}), row({ id: '00000000-0000-4000-8000-000000000002', number: 'USA-202611-000001', status: 'billed' })], total: 2, next: null } },
      'GET /billing/invoice_csv': { result: { file_name: 'invoices.csv', content_type: 'text/csv', content: btoa('a,b'), rows: 1 } },
    });
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
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
