import { describe, expect, it } from 'vitest';
import { billingPaymentCheck, billingPaymentState, paymentRefusal } from './billing-payment.rules.js';

const card = { method: 'credit_card' as const, label: '411111******1111' };

describe('the plan flow\'s payment state (issue 22: GET /v1/plan/billingPayment, check_plan_billing_payment)', () => {
  it('needs no payment step when billing info and a usable method are on file', () => {
    const state = billingPaymentState({ billing_info: true, payment_method: card }, 'none');
    expect(state).toEqual({ payment_required: false, registered: true, billing_info: true, payment_method: card, billed_by_reseller: false });
    expect(billingPaymentCheck(state)).toEqual({ ok: true, missing: [], billed_by_reseller: false });
  });

  it('says what is missing otherwise', () => {
    const none = billingPaymentState({ billing_info: false, payment_method: null }, 'referral');
    expect(none.payment_required).toBe(true);
    expect(billingPaymentCheck(none)).toEqual({ ok: false, missing: ['billing_info', 'payment_method'], billed_by_reseller: false });
    expect(billingPaymentCheck(billingPaymentState({ billing_info: true, payment_method: null }, 'none')).missing).toEqual(['payment_method']);
  });

  it('asks nothing of a client its reseller bills', () => {
    const state = billingPaymentState({ billing_info: false, payment_method: null }, 'reseller');
    expect(state).toMatchObject({ payment_required: false, registered: false, billed_by_reseller: true });
    expect(billingPaymentCheck(state)).toEqual({ ok: true, missing: [], billed_by_reseller: true });
  });
});

describe('the refusal of a paid plan without payment (issue 22 item 1)', () => {
  it('names what is missing under its field, with the client\'s or the operator\'s message', () => {
    expect(paymentRefusal(billingPaymentState({ billing_info: true, payment_method: card }, 'none'))).toBeNull();
    expect(paymentRefusal(billingPaymentState({ billing_info: false, payment_method: null }, 'reseller'))).toBeNull();
    expect(paymentRefusal(billingPaymentState({ billing_info: false, payment_method: null }, 'none'))).toEqual({
      key: 'plan.payment_required',
      fields: { billing_info: [{ key: 'plan.billing_info_missing' }], payment_method: [{ key: 'plan.payment_method_missing' }] },
    });
    expect(paymentRefusal(billingPaymentState({ billing_info: true, payment_method: null }, 'referral'), 'plan.allow_payment_missing')).toEqual({
      key: 'plan.allow_payment_missing', fields: { payment_method: [{ key: 'plan.payment_method_missing' }] },
    });
  });
});
