import type { TBillingPaymentCheck, TBillingPaymentState, TMessageRef, TPaymentStanding } from '@portal/proto';

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

/**
 * Issue 22 item 1: why a paid plan cannot be applied for or allowed as far as payment goes, or null.
 * `key` is the message above the form (the client's, or the operator's allow action); each missing
 * piece is named under its field.
 */
export function paymentRefusal(state: TBillingPaymentState, key: 'plan.payment_required' | 'plan.allow_payment_missing' = 'plan.payment_required'): { key: string; fields: Record<string, TMessageRef[]> } | null {
  const check = billingPaymentCheck(state);
  if (check.ok) return null;
  const fields: Record<string, TMessageRef[]> = {};
  for (const missing of check.missing) {
    switch (missing) {
      case 'billing_info': fields.billing_info = [{ key: 'plan.billing_info_missing' }]; break;
      case 'payment_method': fields.payment_method = [{ key: 'plan.payment_method_missing' }]; break;
      default: missing satisfies never;
    }
  }
  return { key, fields };
}
