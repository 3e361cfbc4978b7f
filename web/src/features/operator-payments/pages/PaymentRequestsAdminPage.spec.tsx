import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PaymentRequestsAdminPage from './PaymentRequestsAdminPage';

const request = {
  id: '66666666-6666-4666-8666-666666666666', region: 'jpn', client_uuid: 'c-1', method: 'direct_debit', status: 'pending', source: 'client',
  company_name: 'Demo Trading', person_name: 'Ichiro Yamada', email: 'billing@example.com', phone: '0312345678', details: 'Debit on the 27th', bank_code: '0005',
  bank_name: 'MUFG Bank', branch_code: '001', branch_name: 'Head office', account_type: 'current', account_number: '1234567', account_holder: 'ﾃﾞﾓ(ｶ',
  reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: null,
};

/** Issue 11, slice B: the operator confirms a request by hand, or refuses it with a reason. */
describe('/operator/payment_requests', () => {
  it('shows a pending request with its bank data and confirms it', async () => {
    const api = mockApi({
      'GET /operator/payment_requests': { result: { requests: [request], total: 1 } },
      'POST /operator/payment_requests/confirm': { result: { request: { ...request, status: 'registered' } } },
      'GET /operator/payment_methods/current': { result: { current: { method: 'credit_card', label: '************4242', expiry: '2027-03' } } },
    });
    await renderPage(<PaymentRequestsAdminPage />, { url: '/operator/payment_requests', auth: 'operator' });
    const line = within(await screen.findByTestId(`payment-request-${request.id}`));
    expect(line.getByText('Direct debit')).toBeTruthy();
    fireEvent.click(line.getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Current (tōza) 1234567')).toBeTruthy();
    expect(dialog.getByText('Debit on the 27th')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm and register' }));
    // Issue 25 point 2: approving first shows the card the request replaces, and sends nothing yet.
    const confirm = within(await screen.findByRole('dialog', { name: 'Approve the request' }));
    expect((await confirm.findByTestId('change-before')).textContent).toBe('Credit card ************4242 (expires 2027/03)');
    expect(confirm.getByTestId('change-after').textContent).toBe('Direct debit MUFG Bank Head office ****567');
    expect(api.calls('GET /operator/payment_methods/current')[0]!.query.get('client_uuid')).toBe('c-1');
    expect(api.calls('POST /operator/payment_requests/confirm')).toHaveLength(0);
    fireEvent.click(confirm.getByRole('button', { name: 'Confirm and register' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_requests/confirm')).toHaveLength(1));
    expect(api.calls('POST /operator/payment_requests/confirm')[0]!.body).toEqual({ id: request.id, region: 'jpn' });
  });

  it('refuses only with a reason', async () => {
    const api = mockApi({
      'GET /operator/payment_requests': { result: { requests: [request], total: 1 } },
      'POST /operator/payment_requests/reject': { result: { request: { ...request, status: 'rejected', reason: 'Holder differs' } } },
    });
    await renderPage(<PaymentRequestsAdminPage />, { url: '/operator/payment_requests', auth: 'operator' });
    fireEvent.click(within(await screen.findByTestId(`payment-request-${request.id}`)).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    expect(await dialog.findByText('Please enter the reason.')).toBeTruthy();
    expect(api.calls('POST /operator/payment_requests/reject')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^Reason/), { target: { value: 'Holder differs' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_requests/reject')).toHaveLength(1));
    expect(api.calls('POST /operator/payment_requests/reject')[0]!.body).toEqual({ id: request.id, region: 'jpn', reason: 'Holder differs' });
  });
});
