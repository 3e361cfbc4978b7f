import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import InvoicePaymentsAdminPage from './InvoicePaymentsAdminPage';

const invoice = {
  id: '77777777-7777-4777-8777-777777777777', region: 'jpn', client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', company_name: 'Demo Trading',
  number: 'JPN-202701-000001', month: '2027-01', issued_on: '2027-01-05', billing_date: '2027-01-31', payment_method: 'bank_transfer',
  charge_total_minor: 113300, charge_currency: 'JPY', status: 'failed', overdue: true, paid_on: null,
};

/** Issue 23 (receipts): the operator records a bank transfer received, in full, after confirming it. */
describe('/operator/invoice_payments', () => {
  it('lists invoices by company with the amount, payment date and status in words, and records a payment after the confirm dialog', async () => {
    const api = mockApi({
      'GET /operator/invoice_payments': { result: { invoices: [invoice], total: 1 } },
      'POST /operator/invoice_payments': { result: { invoice: { ...invoice, status: 'paid', overdue: false, paid_on: '2027-02-02' } } },
    });
    await renderPage(<InvoicePaymentsAdminPage />, { url: '/operator/invoice_payments', auth: 'operator' });
    const line = within(await screen.findByTestId(`invoice-payment-${invoice.id}`));
    expect(line.getByText('Demo Trading')).toBeTruthy();
    expect(line.queryByText(invoice.client_uuid)).toBeNull();
    expect(line.getByText('JPN-202701-000001')).toBeTruthy();
    expect(line.getByText('¥113,300')).toBeTruthy();
    expect(line.getByText('Overdue')).toBeTruthy();
    expect(line.getByText(/Bank transfer/)).toBeTruthy();
    expect(api.calls('GET /operator/invoice_payments')[0]!.query.get('state')).toBe('open');

    fireEvent.click(line.getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Invoice JPN-202701-000001 of Demo Trading: ¥113,300 to be received.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Date received/), { target: { value: '2027-02-02' } });
    expect(api.calls('POST /operator/invoice_payments')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.calls('POST /operator/invoice_payments')).toHaveLength(1));
    expect(api.calls('POST /operator/invoice_payments')[0]!.body).toEqual({ region: 'jpn', id: invoice.id, received_on: '2027-02-02', amount_minor: 113300 });
  });

  it('shows a refused amount under its field and keeps the dialog open', async () => {
    mockApi({
      'GET /operator/invoice_payments': { result: { invoices: [{ ...invoice, status: 'billed', overdue: false }], total: 1 } },
      'POST /operator/invoice_payments': {
        code: 40011, message: 'Please check the highlighted fields.',
        errors: { amount_minor: ['The amount received must equal the invoice total of ¥113,300. Partial payments cannot be recorded.'] },
      },
    });
    await renderPage(<InvoicePaymentsAdminPage />, { url: '/operator/invoice_payments', auth: 'operator' });
    const line = within(await screen.findByTestId(`invoice-payment-${invoice.id}`));
    expect(line.getByText('Billed')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Amount received/), { target: { value: '100000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText(/must equal the invoice total of ¥113,300/)).toBeTruthy();
  });
});
