import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import CreditCardPage from './CreditCardPage';

const payment = {
  method: 'credit_card', available: ['credit_card'], bank: null, registered_at: '2026-11-01T00:00:00.000Z', card_expiry: null,
  card: { masked_number: '411111******1111', expiry_month: 12, expiry_year: 2030, holder_name: 'ALEX SMITH', registered_at: '2026-11-01T00:00:00.000Z' },
};

describe('credit card page (issue 11, slice A)', () => {
  it('shows the stored card masked, asks for number and code again, and refuses bad input in the browser without tokenising', async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /payment': { result: payment },
      'GET /gmo_js': { result: { gateway: 'sandbox', script_url: 'http://localhost/sandbox/gmo/token.js', shop_id: 'sandbox-shop' } },
    });
    await renderPage(<CreditCardPage />, { url: '/paymentmethod_creditcard' });
    expect(await screen.findByText('411111******1111')).toBeTruthy();
    // Nothing of the stored card is put back into the form.
    expect((screen.getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText(/^Card number/), { target: { value: '4111 1111 1111 1' } });
    fireEvent.change(screen.getByLabelText(/^Card holder/), { target: { value: '山田' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    expect(await screen.findByText('Enter the card number as 14 to 16 digits.')).toBeTruthy();
    expect(screen.getByText('Use half-width letters, digits, spaces, commas, periods, hyphens and slashes for the card holder.')).toBeTruthy();
    expect(screen.getByText('Please enter security code.')).toBeTruthy();
    expect(document.querySelector('script[src*="token.js"]')).toBeNull();
    expect(api.requests.filter((r) => r.path === '/gmo_auth')).toHaveLength(0);
  });

  it('issue 22 item 8: takes a number pasted with spaces or hyphens as its digits; an expiry not chosen is only required', async () => {
    setCookie('level', '3');
    const api = mockApi({
      'GET /payment': { result: { ...payment, card: null, method: null, registered_at: null } },
      'GET /gmo_js': { result: { gateway: 'sandbox', script_url: 'http://localhost/sandbox/gmo/token.js', shop_id: 'sandbox-shop' } },
    });
    await renderPage(<CreditCardPage />, { url: '/paymentmethod_creditcard' });
    const number = await screen.findByLabelText(/^Card number/) as HTMLInputElement;
    // The browser must not cut "4111-1111-1111-1111" (19 characters) at 16.
    expect(number.maxLength).toBeGreaterThanOrEqual(19);
    fireEvent.change(number, { target: { value: '4111-1111-1111-1111' } });
    fireEvent.change(screen.getByLabelText(/^Card holder/), { target: { value: 'ALEX SMITH' } });
    fireEvent.change(screen.getByLabelText(/^Security code/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register card' }));
    expect(await screen.findByText('Please enter expiry month.')).toBeTruthy();
    expect(screen.getByText('Please enter expiry year.')).toBeTruthy();
    expect(screen.queryByText('The card has expired. Please enter a valid card.')).toBeNull();
    expect(screen.queryByText('Enter the card number as 14 to 16 digits.')).toBeNull();
    expect(api.requests.filter((r) => r.path === '/gmo_auth')).toHaveLength(0);
  });
});
