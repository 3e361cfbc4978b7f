import type { TInvoiceStatus, TPayAction } from '@portal/proto';
import { addDays, type IsoDate } from '@portal/service-common/business-dates';

/** Issue 23 (receipts): methods whose payment an operator records by hand, so they get a grace period before overdue. */
export const MANUAL_METHODS: ReadonlySet<string> = new Set(['bank_transfer', 'direct_debit']);

/**
 * The first business date on which an unpaid invoice counts as overdue: the day after its payment
 * date, or for a bank transfer or direct debit `graceDays` calendar days later still (the payment is
 * seen on the bank statement some days after it was made; BANK_TRANSFER_GRACE_DAYS).
 */
export function overdueFrom(invoice: { billingDate: IsoDate; paymentMethod: string }, graceDays: number): IsoDate {
  return addDays(invoice.billingDate, 1 + (MANUAL_METHODS.has(invoice.paymentMethod) ? graceDays : 0));
}

/**
 * Issue 23: the state of an issued invoice not paid yet, as /billing/list shows it. Overdue: its
 * billing (payment) date has passed unpaid, or it is `failed`. Pay now: a card client may have the
 * card on file charged again once the invoice is failed or overdue (before that the card is charged
 * on the billing date by itself); a bank-transfer client is shown the account to pay into; other
 * methods (direct debit, none yet) have nothing to do here.
 */
export function unpaidState(invoice: { status: TInvoiceStatus; billingDate: IsoDate; paymentMethod: string }, today: IsoDate, graceDays: number): { overdue: boolean; pay_action: TPayAction } {
  const open = invoice.status === 'scheduled' || invoice.status === 'billed' || invoice.status === 'failed';
  const overdue = open && (invoice.status === 'failed' || today >= overdueFrom(invoice, graceDays));
  if (!open) return { overdue: false, pay_action: 'none' };
  if (invoice.paymentMethod === 'card') return { overdue, pay_action: overdue ? 'retry_card' : 'none' };
  if (invoice.paymentMethod === 'bank_transfer') return { overdue, pay_action: 'bank_transfer' };
  return { overdue, pay_action: 'none' };
}

/**
 * Issue 23: whether the daily sweep marks an issued invoice failed as overdue (status "failed" of
 * spec §3, reason `overdue`, mailed): unpaid past its billing date, and for a card no charge attempt
 * is still to come (a declined card is retried daily until BILLING_CHARGE_ATTEMPTS, and the charge
 * job fails it itself after the last one). A bank transfer or direct debit waits `graceDays` more (overdueFrom).
 */
export function becomesOverdue(invoice: { status: TInvoiceStatus; billingDate: IsoDate; paymentMethod: string; nextChargeOn: IsoDate | null }, today: IsoDate, graceDays: number): boolean {
  if (today < overdueFrom(invoice, graceDays)) return false;
  if (invoice.status === 'billed') return true;
  if (invoice.status !== 'scheduled') return false;
  return invoice.paymentMethod !== 'card' || invoice.nextChargeOn === null || invoice.nextChargeOn < today;
}

export type TPaymentCheck = { ok: true } | { ok: false; field: 'received_on' | 'amount_minor' | 'id'; key: string; params?: Record<string, string> };

/**
 * Issue 23 (receipts): whether an operator may record this payment of an invoice: it is open (not
 * paid, not "other"), received on a business date neither after today nor before the invoice's
 * issue date, in full (the amount in the charge currency equals the charge total; partial payments
 * are not recorded). The first failing check answers; callers localise `key`.
 */
export function checkManualPayment(
  invoice: { status: TInvoiceStatus; issuedOn: IsoDate; chargeTotalMinor: number },
  payment: { receivedOn: IsoDate; amountMinor: number },
  today: IsoDate,
): TPaymentCheck {
  if (invoice.status === 'paid' || invoice.status === 'other') return { ok: false, field: 'id', key: 'invoice_payment.already_paid' };
  if (payment.receivedOn > today) return { ok: false, field: 'received_on', key: 'invoice_payment.received_in_future' };
  if (payment.receivedOn < invoice.issuedOn) return { ok: false, field: 'received_on', key: 'invoice_payment.received_before_issue' };
  if (payment.amountMinor !== invoice.chargeTotalMinor) return { ok: false, field: 'amount_minor', key: 'invoice_payment.amount_mismatch' };
  return { ok: true };
}

/**
 * The paid instant recorded for money received on a business date: noon in Asia/Tokyo that day, so
 * the date reads the same wherever the paid mark and the receipt are printed (bank methods are Japan's).
 */
export function receivedInstant(receivedOn: IsoDate): Date {
  return new Date(`${receivedOn}T12:00:00+09:00`);
}
