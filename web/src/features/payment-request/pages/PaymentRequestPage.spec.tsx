import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PaymentRequestPage from './PaymentRequestPage';

const filled: Record<string, string> = {
  'Company name': 'Demo Trading', 'Person in charge': 'Ichiro Yamada', 'Email address': 'billing@example.com', 'Phone number': '0312345678',
  'Bank code': '12', 'Bank name': 'MUFG Bank', 'Branch code': '001', 'Branch name': 'Head office', 'Account number': '1234567', 'Account holder': 'ﾃﾞﾓ(ｶ',
};
const request = {
  id: '55555555-5555-4555-8555-555555555555', region: 'jpn', client_uuid: 'c-1', method: 'bank_transfer', status: 'pending', source: 'client',
  company_name: 'Demo Trading', person_name: 'Ichiro Yamada', email: 'billing@example.com', phone: '0312345678', details: '', bank_code: '0005',
  bank_name: 'MUFG Bank', branch_code: '001', branch_name: 'Head office', account_type: 'ordinary', account_number: '1234567', account_holder: 'ﾃﾞﾓ(ｶ',
  reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: null,
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

/** Issue 11, slice B: the bank-transfer request in three steps. */
describe('/paymentmethod_banktransfer', () => {
  it('refuses a malformed bank code under its field, then confirms with the server and files the request', async () => {
    const api = mockApi({
      'GET /payment_request': { result: { request: null } },
      'POST /payment_request/check': { result: { valid: true } },
      'POST /payment_request': { result: { request } },
    });
    await renderPage(<PaymentRequestPage method="bank_transfer" />, { url: '/paymentmethod_banktransfer', auth: 'owner' });
    const company = await screen.findByLabelText(/^Company name/);
    // The company and the contact start as the session's.
    await waitFor(() => expect((company as HTMLInputElement).value).toBe('Example Corp'));
    expect((screen.getByLabelText(/^Email address/) as HTMLInputElement).value).toBe('taro@example.com');
    for (const [label, value] of Object.entries(filled)) type(label, value);
    fireEvent.click(screen.getByRole('button', { name: 'Next: confirm' }));
    expect(await screen.findByText('The bank code must be 4 half-width digits.')).toBeTruthy();
    expect(api.calls('POST /payment_request/check')).toHaveLength(0);

    type('Bank code', '0005');
    fireEvent.click(screen.getByRole('button', { name: 'Next: confirm' }));
    const summary = within(await screen.findByTestId('request-summary'));
    expect(summary.getByText('MUFG Bank (0005)')).toBeTruthy();
    expect(summary.getByText('Ordinary (futsū) 1234567')).toBeTruthy();
    expect(api.calls('POST /payment_request/check')[0]!.body).toMatchObject({ method: 'bank_transfer', bank_code: '0005', account_type: 'ordinary' });
    expect(api.calls('POST /payment_request')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('We have received your request')).toBeTruthy();
    expect(api.calls('POST /payment_request')).toHaveLength(1);
  });

  it('says a request is already waiting instead of showing the form', async () => {
    mockApi({ 'GET /payment_request': { result: { request } } });
    await renderPage(<PaymentRequestPage method="direct_debit" />, { url: '/paymentmethod_directdebit', auth: 'owner' });
    expect(await screen.findByText('A request is already waiting for the provider\'s confirmation.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Bank code/)).toBeNull();
  });

  it('offers only the card outside Japan', async () => {
    mockApi({ 'GET /payment_request': { result: { request: null } } });
    await renderPage(<PaymentRequestPage method="bank_transfer" />, { url: '/paymentmethod_banktransfer', auth: 'owner', region: 'usa' });
    expect(await screen.findByText('Bank transfer and direct debit are available in Japan only. Please register a credit card.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Bank code/)).toBeNull();
  });
});
