import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMessage } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, seen, setViewportWidth } from '../../../test/render';
import { EMPTY_DRAFT, writeDraft, type PlanDraft } from '../draft';
import PlanConfirmPage from './PlanConfirmPage';
import PlanPaymentInfoPage from './PlanPaymentInfoPage';

/**
 * Issue 22 points 1 and 2 in the SPA: the payment step (skipped only when nothing is missing, and
 * shown as skipped; otherwise billing info and a card registered inline, kana checked as the server
 * does), and the honest checkout (term, the cost of cancelling today, the review deadline, the
 * first invoice with its lines and tax, initial costs not charged again).
 */

const draft: PlanDraft = {
  ...EMPTY_DRAFT, product: 'bownow', plan_id: 'bownow_pro', option_ids: [],
  contract: { contract_kind: 'corporation', corporate_name: 'Demo', representative: 'Ichiro Yamada', search_id: '22222222-2222-4222-8222-222222222222', chosen: null },
  checked: { contract_kind: 'corporation', corporate_name: 'Demo Trading Co., Ltd.', corporate_number: '6010001000001', location: 'Tokyo', representative: 'Ichiro Yamada' },
};
const preview = (over: Record<string, unknown> = {}) => ({
  product: 'bownow', plan_id: 'bownow_pro', plan_name: 'Pro plan', currency: 'JPY', grants: [],
  items: [{ plan_id: 'bownow_pro', type: 'plan', name: 'Pro plan', amount: 40000 }, { plan_id: 'bownow_initial', type: 'initial_cost_plan', name: 'Initial cost', amount: 30000 }],
  monthly_amount: 40000, one_time_amount: 30000, review_required: true, effective_from: '2027-02-01', billing_start: '2027-02-01',
  minimum_term_end: '2028-01-31', replaces: null, penalty_months: 0, penalty_amount: 0, payment_required: false,
  cancel_preview: { ends_on: '2027-02-28', penalty_months: 11, penalty_amount: 440000 }, review_deadline: '2027-01-25',
  first_invoice: {
    month: '2027-02', billing_date: '2027-02-28',
    lines: [{ kind: 'plan', name: 'Pro plan', amount: 40000, quantity: 1 }, { kind: 'initial_cost', name: 'Initial cost', amount: 30000, quantity: 1 }],
  },
  next_invoice: {
    country: 'jpn', invoice_date: '2027-02-01', display_currency: 'JPY', charge_currency: 'JPY', rounding: 'floor',
    per_rate: [{ rate: '10.0', rate_tenths: 100, categories: ['standard'], applies_from: '2019-10-01', subtotal_minor: 70000, tax_minor: 7000 }],
    subtotal_minor: 70000, tax_minor: 7000, total_minor: 77000, charge_total_minor: 77000, fx: null,
  },
  waived_initial_costs: [],
  ...over,
});
const registered = { payment_required: false, registered: true, billing_info: true, payment_method: { method: 'credit_card', label: '411111******1111' }, billed_by_reseller: false };
const missing = { payment_required: true, registered: false, billing_info: false, payment_method: null, billed_by_reseller: false };
const storedDraft = () => JSON.parse(sessionStorage.getItem('plan.draft') ?? 'null') as PlanDraft;

beforeEach(() => {
  writeDraft(null);
  setViewportWidth(1280);
});

describe('/plan/paymentinfo (issue 22 point 1)', () => {
  it('is passed over, and remembered as skipped, when billing info and a usable method are on file', async () => {
    writeDraft(draft);
    mockApi({ 'POST /plan/apply_info': { result: preview() }, 'GET /plan/billingPayment': { result: registered } });
    await renderPage(<PlanPaymentInfoPage />, { url: '/plan/paymentinfo', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/confirm'));
    expect(storedDraft().payment_step).toBe('skipped');
  });

  it('is passed over for a client its reseller bills, and for a free plan', async () => {
    writeDraft(draft);
    mockApi({ 'POST /plan/apply_info': { result: preview() }, 'GET /plan/billingPayment': { result: { ...missing, payment_required: false, billed_by_reseller: true } } });
    await renderPage(<PlanPaymentInfoPage />, { url: '/plan/paymentinfo', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/confirm'));
    writeDraft({ ...draft, payment_step: null });
    mockApi({ 'POST /plan/apply_info': { result: preview({ review_required: false, monthly_amount: 0, one_time_amount: 0 }) }, 'GET /plan/billingPayment': { result: missing } });
    await renderPage(<PlanPaymentInfoPage />, { url: '/plan/paymentinfo', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/confirm'));
    expect(storedDraft().payment_step).toBe('skipped');
  });

  it('registers what is missing inline: billing info with kana checked in the browser, and a card taken with spaces; Next waits for both', async () => {
    writeDraft(draft);
    const api = mockApi({
      'POST /plan/apply_info': { result: preview({ payment_required: true }) },
      'GET /plan/billingPayment': { result: missing },
      'GET /client/billing': { result: { registered: false, billing_info: null, kana: true } },
      'GET /gmo_js': { result: { gateway: 'sandbox', script_url: 'http://localhost/sandbox/gmo/token.js', shop_id: 'sandbox-shop' } },
      'GET /payment_request': { result: { request: null } },
    });
    await renderPage(<PlanPaymentInfoPage />, { url: '/plan/paymentinfo', auth: 'owner' });
    const billing = within(await screen.findByTestId('payment-billing-info'));
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(seen.pathname).toBe('/plan/paymentinfo');
    expect(storedDraft().payment_step).toBe('in_progress');

    // Kana in hiragana, half-width katakana and none at all are refused before anything is sent.
    fireEvent.change(await billing.findByLabelText(/^Company name\s*\*?$/), { target: { value: 'Demo Trading' } });
    fireEvent.change(billing.getByLabelText(/^Company name \(kana\)/), { target: { value: 'でもしょうじ' } });
    fireEvent.change(billing.getByLabelText(/^Division \(kana\)/), { target: { value: 'ｹｲﾘ' } });
    fireEvent.click(billing.getByRole('button', { name: 'Register' }));
    expect(await billing.findByText('Please enter company name (kana) in full-width katakana.')).toBeTruthy();
    expect(billing.getByText('Please enter division (kana) in full-width katakana.')).toBeTruthy();
    expect(billing.getByText('Please enter address (kana).')).toBeTruthy();
    expect(api.calls('PUT /client/billing')).toHaveLength(0);

    // The card form: a number with spaces is its 16 digits; an expiry not chosen is only "required".
    const method = within(screen.getByTestId('payment-method'));
    expect(method.getByRole('radio', { name: 'Bank transfer' })).toBeTruthy();
    const number = await method.findByLabelText(/^Card number/);
    expect((number as HTMLInputElement).maxLength).toBeGreaterThanOrEqual(19);
    fireEvent.change(number, { target: { value: '4111 1111 1111 1111' } });
    fireEvent.change(method.getByLabelText(/^Card holder/), { target: { value: 'ICHIRO YAMADA' } });
    fireEvent.change(method.getByLabelText(/^Security code/), { target: { value: '123' } });
    fireEvent.click(method.getByRole('button', { name: 'Register card' }));
    expect(await method.findByText('Please enter expiry month.')).toBeTruthy();
    expect(method.getByText('Please enter expiry year.')).toBeTruthy();
    expect(method.queryByText(renderMessage('en-us', 'payment.validation.expired'))).toBeNull();
    expect(method.queryByText(renderMessage('en-us', 'payment.validation.number'))).toBeNull();
    expect(api.calls('POST /gmo_auth')).toHaveLength(0);
  }, 30_000);

  it('once both are registered here, Next goes on and the step counts as done, not skipped', async () => {
    writeDraft({ ...draft, payment_step: 'in_progress' });
    mockApi({
      'POST /plan/apply_info': { result: preview() },
      'GET /plan/billingPayment': { result: registered },
      'GET /client/billing': { result: { registered: true, kana: true, billing_info: {
        company_name: 'Demo Trading', company_kana: 'デモ', division: '', division_kana: '', phone: '0312345678', address: 'Tokyo', address_kana: 'トウキョウ',
        email: 'billing@example.com', updated_at: '2027-01-20T01:00:00.000Z',
      } } },
    });
    await renderPage(<PlanPaymentInfoPage />, { url: '/plan/paymentinfo', auth: 'owner' });
    const method = within(await screen.findByTestId('payment-method'));
    expect(method.getByText('Credit card 411111******1111')).toBeTruthy();
    expect(await within(screen.getByTestId('payment-billing-info')).findByText('Demo Trading · billing@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(seen.pathname).toBe('/plan/confirm'));
    expect(storedDraft().payment_step).toBe('done');
  });
});

describe('/plan/confirm, an honest checkout (issue 22 point 2)', () => {
  it('states the term, in words what cancelling before its end bills, the amount for cancelling today, the review deadline and the first invoice', async () => {
    writeDraft({ ...draft, payment_step: 'skipped' });
    mockApi({ 'POST /plan/apply_info': { result: preview() }, 'GET /plan/billingPayment': { result: registered } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    const term = within(await screen.findByTestId('term-and-cancellation'));
    expect(term.getByText('The minimum term ends on Jan 31, 2028. If you cancel before that date, the remaining months of the term are billed at the monthly amount (¥40,000 a month).')).toBeTruthy();
    expect(screen.getByTestId('cancel-today').textContent)
      .toBe('If you canceled today, once the plan is allowed, the contract would end on Feb 28, 2027 and ¥440,000 (11 × ¥40,000) would be billed for the rest of the term.');
    expect(screen.queryByText('None')).toBeNull();
    expect(screen.getByTestId('review-deadline').textContent).toBe('It applies from Feb 1, 2027 if the review is completed by Jan 25, 2027. If the review takes longer, every date here moves one month later.');
    expect(screen.getByTestId('first-invoice-date').textContent).toBe('Invoice for February 2027, billed on Feb 28, 2027. Other contracts are billed on the same invoice.');
    const invoice = within(screen.getByTestId('next-invoice'));
    expect(invoice.getByTestId('first-invoice-line-plan').textContent).toContain('¥40,000');
    expect(invoice.getByTestId('first-invoice-line-initial_cost').textContent).toContain('¥30,000');
    expect(invoice.getByText('Tax at 10.0 %')).toBeTruthy();
    expect(invoice.getByTestId('next-invoice-total').textContent).toBe('¥77,000');
    expect(within(await screen.findByTestId('payment-on-file')).getByText('Credit card 411111******1111')).toBeTruthy();
    // The payment step was passed over: shown as skipped, not as done.
    const step = screen.getByTestId('plan-step-payment');
    expect(step.hasAttribute('data-skipped')).toBe(true);
    expect(within(step).getByText('Skipped')).toBeTruthy();
  });

  it('shows the payment step as done when it was completed there; a per-plan initial cost is explained, a waived one said', async () => {
    writeDraft({ ...draft, payment_step: 'done' });
    mockApi({
      'POST /plan/apply_info': { result: preview({
        items: [{ plan_id: 'bownow_ent', type: 'plan', name: 'Enterprise plan', amount: 90000 }, { plan_id: 'bownow_onb', type: 'initial_cost_plan', name: 'Onboarding', amount: 80000, per_plan: true }],
        waived_initial_costs: [{ plan_id: 'bownow_initial', type: 'initial_cost_plan', name: 'Initial cost', amount: 30000 }],
        first_invoice: { month: '2027-02', billing_date: '2027-02-28', lines: [
          { kind: 'plan', name: 'Enterprise plan', amount: 90000, quantity: 1 }, { kind: 'initial_cost_per_plan', name: 'Onboarding', amount: 80000, quantity: 1 },
        ] },
      }) },
      'GET /plan/billingPayment': { result: registered },
    });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    expect(await screen.findByTestId('initial-cost-waived')).toHaveProperty('textContent',
      'Not charged again: Initial cost (¥30,000). You already pay for this product, and a plan change does not charge its initial cost again.');
    const explained = 'Initial cost of this plan: the provider charges it whenever you change to this plan, even if you have paid an initial cost for the product before.';
    expect(screen.getAllByText(explained)).toHaveLength(2);
    expect(within(screen.getByTestId('first-invoice-line-initial_cost_per_plan')).getByText(explained)).toBeTruthy();
    expect(screen.getByTestId('plan-step-payment').hasAttribute('data-skipped')).toBe(false);
    expect(screen.queryByText('Skipped')).toBeNull();
  });

  it('sends a paid plan whose payment is not complete back to the payment step', async () => {
    writeDraft({ ...draft, payment_step: 'skipped' });
    mockApi({ 'POST /plan/apply_info': { result: preview({ payment_required: true }) } });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    await waitFor(() => expect(seen.pathname).toBe('/plan/paymentinfo'));
  });

  it('shows the server\'s refusal of an application without a payment method above the form', async () => {
    writeDraft({ ...draft, payment_step: 'skipped' });
    const refused = renderMessage('en-us', 'plan.payment_required');
    mockApi({
      'POST /plan/apply_info': { result: preview() }, 'GET /plan/billingPayment': { result: registered },
      'POST /plan/apply': { code: 40011, message: refused, errors: { payment_method: [renderMessage('en-us', 'plan.payment_method_missing')] } },
    });
    await renderPage(<PlanConfirmPage />, { url: '/plan/confirm', auth: 'owner' });
    fireEvent.click(await screen.findByLabelText('I agree to the terms of use'));
    fireEvent.click(screen.getByLabelText('I agree to the privacy policy'));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(seen.pathname).toBe('/plan/confirm');
  });
});
