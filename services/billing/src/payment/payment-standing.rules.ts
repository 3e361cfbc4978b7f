import { billingInfoSchema, billingKanaAsked, expiryValid, type TBillingInfo, type TPaymentMethodKind, type TRegion } from '@portal/proto';

/**
 * Issue 22 item 9: what the plan flow may rely on (GET /v1/plan/billingPayment and
 * check_plan_billing_payment). Pure rules, the repositories' rows in.
 */

/** The methods a region offers: card everywhere; bank transfer and direct debit in Japan only (spec §1). */
export function availableMethods(region: TRegion): TPaymentMethodKind[] {
  return region === 'jpn' ? ['credit_card', 'bank_transfer', 'direct_debit'] : ['credit_card'];
}

/**
 * Billing info a paid plan can be invoiced with: company, address and email (and phone), and in
 * Japan their kana in full-width katakana: what the billing-info form accepts today (one schema,
 * proto's billingInfoSchema), so a row saved before a rule existed is asked to be completed.
 */
export function billingInfoComplete(region: TRegion, info: TBillingInfo | null): boolean {
  return info !== null && billingInfoSchema(billingKanaAsked(region)).safeParse(info).success;
}

export interface MethodFacts {
  method: TPaymentMethodKind;
  /** For a card: the card on file (null when the reference is gone). */
  card: { status: string; expiryMonth: number; expiryYear: number } | null;
}

/**
 * Whether the method on file can be charged: a registered (3-D Secure passed, active) card that has
 * not expired this month, or a bank transfer or direct debit where the region offers them (Japan;
 * such a method exists only once an operator confirmed the request).
 */
export function usableMethod(region: TRegion, facts: MethodFacts | null, today: { year: number; month: number }): boolean {
  if (!facts || !availableMethods(region).includes(facts.method)) return false;
  if (facts.method !== 'credit_card') return true;
  const card = facts.card;
  return Boolean(card && card.status === 'active' && expiryValid({ month: card.expiryMonth, year: card.expiryYear }, today));
}
