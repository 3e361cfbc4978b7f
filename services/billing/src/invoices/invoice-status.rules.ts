import type { TInvoiceStatus, TPayAction } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';

/**
 * Issue 23: the state of an issued invoice not paid yet, as /billing/list shows it. Overdue: its
 * billing (payment) date has passed unpaid, or it is `failed`. Pay now: a card client may have the
 * card on file charged again once the invoice is failed or overdue (before that the card is charged
 * on the billing date by itself); a bank-transfer client is shown the account to pay into; other
 * methods (direct debit, none yet) have nothing to do here.
 */
export function unpaidState(invoice: { status: TInvoiceStatus; billingDate: IsoDate; paymentMethod: string }, today: IsoDate): { overdue: boolean; pay_action: TPayAction } {
  const open = invoice.status === 'scheduled' || invoice.status === 'billed' || invoice.status === 'failed';
  const overdue = open && (invoice.status === 'failed' || invoice.billingDate < today);
  if (!open) return { overdue: false, pay_action: 'none' };
  if (invoice.paymentMethod === 'card') return { overdue, pay_action: overdue ? 'retry_card' : 'none' };
  if (invoice.paymentMethod === 'bank_transfer') return { overdue, pay_action: 'bank_transfer' };
  return { overdue, pay_action: 'none' };
}

/**
 * Issue 23: whether the daily sweep marks an issued invoice failed as overdue (status "failed" of
 * spec §3, reason `overdue`, mailed): unpaid past its billing date, and for a card no charge attempt
 * is still to come (a declined card is retried daily until BILLING_CHARGE_ATTEMPTS, and the charge
 * job fails it itself after the last one).
 */
export function becomesOverdue(invoice: { status: TInvoiceStatus; billingDate: IsoDate; paymentMethod: string; nextChargeOn: IsoDate | null }, today: IsoDate): boolean {
  if (invoice.billingDate >= today) return false;
  if (invoice.status === 'billed') return true;
  if (invoice.status !== 'scheduled') return false;
  return invoice.paymentMethod !== 'card' || invoice.nextChargeOn === null || invoice.nextChargeOn < today;
}
