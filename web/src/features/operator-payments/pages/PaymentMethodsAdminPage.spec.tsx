import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PaymentMethodsAdminPage from './PaymentMethodsAdminPage';

const client = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const fields: Record<string, string> = {
  'Client ID': client, 'Company name': 'Demo Trading', 'Person in charge': 'Ichiro Yamada', 'Email address': 'billing@example.com', 'Phone number': '0312345678',
  'Bank code': '9900', 'Bank name': 'Japan Post Bank', 'Branch code': '001', 'Branch name': 'Head office', 'Account number': '1234567', 'Account holder': 'ﾃﾞﾓ(ｶ',
};

/** Issue 11, slice B: an operator registers a bank method on behalf of a client. */
describe('/operator/payment_methods', () => {
  it('checks Japan Post Bank\'s lengths before sending, then registers direct debit for the client', async () => {
    const api = mockApi({
      'POST /operator/payment_methods': (req) => ({ result: { request: {
        ...(req.body as Record<string, unknown>), id: '88888888-8888-4888-8888-888888888888', status: 'registered', source: 'operator', details: '',
        reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: '2026-11-24T01:00:00.000Z',
      } } }),
    });
    await renderPage(<PaymentMethodsAdminPage />, { url: '/operator/payment_methods', auth: 'operator' });
    const form = within((await screen.findByText('Register on behalf of a client')).closest('form')!);
    for (const [label, value] of Object.entries(fields)) fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(form.getByText('Direct debit'));
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    expect(await form.findByText('For Japan Post Bank the branch code (symbol) must be 5 half-width digits.')).toBeTruthy();
    expect(form.getByText('For Japan Post Bank the account number must be 8 half-width digits.')).toBeTruthy();
    expect(api.calls('POST /operator/payment_methods')).toHaveLength(0);

    fireEvent.change(form.getByLabelText(/^Branch code/), { target: { value: '10170' } });
    fireEvent.change(form.getByLabelText(/^Account number/), { target: { value: '12345678' } });
    fireEvent.click(form.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(api.calls('POST /operator/payment_methods')).toHaveLength(1));
    expect(api.calls('POST /operator/payment_methods')[0]!.body).toMatchObject({
      client_uuid: client, region: 'jpn', method: 'direct_debit', bank_code: '9900', branch_code: '10170', account_number: '12345678',
    });
  });
});
