import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderMessage } from '@portal/proto';
import { clearFlowReturn, flowReturn, setFlowReturn } from '../../../lib/flow-return';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen } from '../../../test/render';
import PaymentMethodConfirmPage from './PaymentMethodConfirmPage';

/** Issue 22: back from the card issuer's 3-D Secure page. */
describe('/paymentmethod_confirm', () => {
  const card = { masked_number: '410000******0100', expiry_month: 12, expiry_year: 2031, holder_name: 'ICHIRO YAMADA', registered_at: '2027-01-20T01:00:00.000Z' };
  beforeEach(() => clearFlowReturn());

  it('returns to the plan application that sent the visitor, its draft untouched', async () => {
    setFlowReturn({ path: '/plan/paymentinfo', label: 'plans.back_to_application' });
    sessionStorage.setItem('plan.draft', '{"plan_id":"bownow_pro"}');
    const api = mockApi({ 'POST /gmo_secure_tran': { result: { status: 'registered', card } } });
    await renderPage(<PaymentMethodConfirmPage />, { url: '/paymentmethod_confirm?order=chk123&cres=Y&t=abc', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/paymentinfo'));
    expect(api.calls('POST /gmo_secure_tran')[0]!.body).toEqual({ order_id: 'chk123', callback: { cres: 'Y', t: 'abc' } });
    expect(sessionStorage.getItem('plan.draft')).toBe('{"plan_id":"bownow_pro"}');
    expect(flowReturn()).toBeNull();
  });

  it('says a failed authentication failed and offers to try again (there), not "contact the administrator"', async () => {
    setFlowReturn({ path: '/plan/paymentinfo', label: 'plans.back_to_application' });
    const failed = renderMessage('en-us', 'payment.secure_failed');
    mockApi({ 'POST /gmo_secure_tran': { code: 40011, message: failed } });
    await renderPage(<PaymentMethodConfirmPage />, { url: '/paymentmethod_confirm?order=chk123&cres=N&t=abc', auth: 'owner' });
    expect((await screen.findByRole('alert')).textContent).toBe(failed);
    expect(failed).toMatch(/try again/);
    expect(failed).not.toMatch(/administrator/);
    expect(screen.getByRole('link', { name: 'Enter the card again' }).getAttribute('href')).toBe('/plan/paymentinfo');
  });

  it('without a flow to return to, goes to the card page\'s end as before', async () => {
    mockApi({ 'POST /gmo_secure_tran': { result: { status: 'registered', card } } });
    await renderPage(<PaymentMethodConfirmPage />, { url: '/paymentmethod_confirm?order=chk123&cres=Y&t=abc', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/paymentmethod_complete'));
    expect(seen.search).toBe('?method=credit_card');
  });
});
