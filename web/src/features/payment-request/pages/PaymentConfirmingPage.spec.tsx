import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PaymentConfirmingPage from './PaymentConfirmingPage';

const request = {
  id: '77777777-7777-4777-8777-777777777777', region: 'jpn', client_uuid: 'c-1', method: 'direct_debit', status: 'pending', source: 'client',
  company_name: 'Demo Trading', person_name: 'Ichiro Yamada', email: 'billing@example.com', phone: '0312345678', details: '', bank_code: '0005',
  bank_name: 'MUFG Bank', branch_code: '001', branch_name: 'Head office', account_type: 'ordinary', account_number: '1234567', account_holder: 'ﾃﾞﾓ(ｶ',
  reason: null, created_at: '2026-11-24T01:00:00.000Z', reviewed_at: null,
};

/** Issue 11, slice B: /paymentmethod_confirming says where the company's request is. */
describe('/paymentmethod_confirming', () => {
  it('shows a pending request as being confirmed, with what was asked', async () => {
    mockApi({ 'GET /payment_request': { result: { request } } });
    await renderPage(<PaymentConfirmingPage />, { url: '/paymentmethod_confirming', auth: 'owner' });
    expect(await screen.findByText('Confirming')).toBeTruthy();
    expect(screen.getByText('MUFG Bank (0005)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Request again' })).toBeNull();
  });

  it('gives the reason of a refusal and a way to request again', async () => {
    mockApi({ 'GET /payment_request': { result: { request: { ...request, status: 'rejected', reason: 'The holder differs from the company.' } } } });
    await renderPage(<PaymentConfirmingPage />, { url: '/paymentmethod_confirming', auth: 'owner' });
    expect(await screen.findByText('Reason: The holder differs from the company.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request again' }).getAttribute('href')).toBe('/paymentmethod_directdebit');
  });

  it('offers both requests when there is none', async () => {
    mockApi({ 'GET /payment_request': { result: { request: null } } });
    await renderPage(<PaymentConfirmingPage />, { url: '/paymentmethod_confirming', auth: 'owner' });
    expect(await screen.findByText('Your company has no bank-transfer or direct-debit request.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bank transfer' }).getAttribute('href')).toBe('/paymentmethod_banktransfer');
  });
});
