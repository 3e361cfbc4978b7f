import type { TBillingPaymentCheck, TBillingPaymentState, TPaymentStanding } from '@portal/proto';

/**
 * Issue 22 item 9: the plan flow's payment state from billing's standing and the client's contract.
 * A client under a reseller contract is billed by its reseller: nothing is asked of it.
 */
export function billingPaymentState(standing: TPaymentStanding, contractType: string): TBillingPaymentState {
  const billedByReseller = contractType === 'reseller';
  const registered = standing.billing_info && standing.payment_method !== null;
  return {
    payment_required: !billedByReseller && !registered,
    registered,
    billing_info: standing.billing_info,
    payment_method: standing.payment_method,
    billed_by_reseller: billedByReseller,
  };
}

/** check_plan_billing_payment: whether a paid plan may be confirmed as far as payment goes, and what is missing. */
export function billingPaymentCheck(state: TBillingPaymentState): TBillingPaymentCheck {
  const missing: TBillingPaymentCheck['missing'] = state.billed_by_reseller ? [] : [
    ...(state.billing_info ? [] : ['billing_info' as const]),
    ...(state.payment_method ? [] : ['payment_method' as const]),
  ];
  return { ok: missing.length === 0, missing, billed_by_reseller: state.billed_by_reseller };
}
