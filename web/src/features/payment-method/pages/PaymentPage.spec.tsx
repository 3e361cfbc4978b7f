import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage } from '../../../test/render';
import PaymentPage from './PaymentPage';

const view = {
  method: 'credit_card', available: ['credit_card'], bank: null, registered_at: '2026-11-01T00:00:00.000Z',
  card: { masked_number: '411111******1111', expiry_month: 3, expiry_year: 2027, holder_name: 'ALEX SMITH', registered_at: '2026-11-01T00:00:00.000Z' },
};

/** Issue 23 item 7: /payment warns of the card on file expiring within 30 days, or expired, as the server says. */
describe('/payment card expiry warning', () => {
  it('says the card expires soon, on its last day, with a way to change it', async () => {
    mockApi({ 'GET /payment': { result: { ...view, card_expiry: { state: 'expiring', expires_on: '2027-03-31' } } } });
    await renderPage(<PaymentPage />, { url: '/payment', auth: 'owner' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your card expires soon')).toBeTruthy();
    expect(alert.textContent).toContain('The registered card expires on Mar 31, 2027.');
    expect(within(alert).getByRole('link', { name: 'Change card' }).getAttribute('href')).toBe('/paymentmethod_creditcard');
  });

  it('says an expired card has expired', async () => {
    mockApi({ 'GET /payment': { result: { ...view, card_expiry: { state: 'expired', expires_on: '2027-03-31' } } } });
    await renderPage(<PaymentPage />, { url: '/payment', auth: 'owner' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your card has expired')).toBeTruthy();
    expect(alert.textContent).toContain('expired on Mar 31, 2027');
  });

  it('shows no warning while the card is valid', async () => {
    mockApi({ 'GET /payment': { result: { ...view, card_expiry: null } } });
    await renderPage(<PaymentPage />, { url: '/payment', auth: 'owner' });
    expect(await screen.findByText('411111******1111')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/expires on|has expired/)).toBeNull();
  });
});
