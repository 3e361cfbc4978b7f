import { describe, expect, it } from 'vitest';
import { becomesOverdue, checkManualPayment, overdueFrom, receivedInstant, unpaidState } from './invoice-status.rules.js';

const today = '2027-02-02';

describe('unpaid invoices: overdue and pay now (issue 23)', () => {
  it('is overdue once the billing date has passed unpaid, or when failed', () => {
    expect(unpaidState({ status: 'billed', billingDate: '2027-02-01', paymentMethod: 'bank_transfer' }, today, 0)).toEqual({ overdue: true, pay_action: 'bank_transfer' });
    expect(unpaidState({ status: 'billed', billingDate: '2027-02-02', paymentMethod: 'bank_transfer' }, today, 0)).toEqual({ overdue: false, pay_action: 'bank_transfer' });
    expect(unpaidState({ status: 'failed', billingDate: '2027-02-28', paymentMethod: 'card' }, today, 0)).toEqual({ overdue: true, pay_action: 'retry_card' });
  });

  it('offers a card retry only when the card is no longer charged by itself; nothing for a paid invoice', () => {
    expect(unpaidState({ status: 'scheduled', billingDate: '2027-02-28', paymentMethod: 'card' }, today, 0)).toEqual({ overdue: false, pay_action: 'none' });
    expect(unpaidState({ status: 'scheduled', billingDate: '2027-01-31', paymentMethod: 'card' }, today, 0)).toEqual({ overdue: true, pay_action: 'retry_card' });
    expect(unpaidState({ status: 'paid', billingDate: '2027-01-31', paymentMethod: 'card' }, today, 0)).toEqual({ overdue: false, pay_action: 'none' });
    expect(unpaidState({ status: 'billed', billingDate: '2027-01-31', paymentMethod: 'direct_debit' }, today, 0)).toEqual({ overdue: true, pay_action: 'none' });
  });

  it('the sweep fails billed invoices past their date, and card invoices only when no charge attempt is still to come', () => {
    const inv = (over: Partial<Parameters<typeof becomesOverdue>[0]>) => ({ status: 'billed' as const, billingDate: '2027-01-31', paymentMethod: 'bank_transfer', nextChargeOn: null, ...over });
    expect(becomesOverdue(inv({}), today, 0)).toBe(true);
    expect(becomesOverdue(inv({ billingDate: '2027-02-02' }), today, 0)).toBe(false);
    expect(becomesOverdue(inv({ status: 'scheduled', paymentMethod: 'card', nextChargeOn: '2027-02-03' }), today, 0)).toBe(false);
    expect(becomesOverdue(inv({ status: 'scheduled', paymentMethod: 'card', nextChargeOn: '2027-02-01' }), today, 0)).toBe(true);
    expect(becomesOverdue(inv({ status: 'failed' }), today, 0)).toBe(false);
    expect(becomesOverdue(inv({ status: 'paid' }), today, 0)).toBe(false);
  });

  it('gives bank transfers and direct debits the grace days after their payment date, never cards (issue 23, receipts)', () => {
    const bank = { status: 'billed' as const, billingDate: '2027-01-31', paymentMethod: 'bank_transfer', nextChargeOn: null };
    expect(overdueFrom(bank, 7)).toBe('2027-02-08');
    expect(overdueFrom({ ...bank, paymentMethod: 'direct_debit' }, 7)).toBe('2027-02-08');
    expect(overdueFrom({ ...bank, paymentMethod: 'card' }, 7)).toBe('2027-02-01');
    expect(overdueFrom(bank, 0)).toBe('2027-02-01');
    // On the payment date and through the grace days: not overdue, listed or swept; the day after the last one: both.
    for (const day of ['2027-01-31', '2027-02-01', '2027-02-07']) {
      expect(becomesOverdue(bank, day, 7), day).toBe(false);
      expect(unpaidState(bank, day, 7).overdue, day).toBe(false);
    }
    expect(becomesOverdue(bank, '2027-02-08', 7)).toBe(true);
    expect(unpaidState(bank, '2027-02-08', 7)).toEqual({ overdue: true, pay_action: 'bank_transfer' });
    // A card invoice unpaid past its date with no attempt left is overdue the next day whatever the grace.
    expect(becomesOverdue({ ...bank, paymentMethod: 'none' }, '2027-02-01', 7)).toBe(true);
    expect(becomesOverdue({ ...bank, status: 'scheduled', paymentMethod: 'card' }, '2027-02-01', 7)).toBe(true);
  });
});

describe('a payment the operator records (issue 23, receipts)', () => {
  const invoice = { status: 'billed' as const, issuedOn: '2027-01-05', chargeTotalMinor: 113_300 };
  const today = '2027-02-03';

  it('takes the full amount received between the issue date and today', () => {
    expect(checkManualPayment(invoice, { receivedOn: '2027-02-03', amountMinor: 113_300 }, today)).toEqual({ ok: true });
    expect(checkManualPayment(invoice, { receivedOn: '2027-01-05', amountMinor: 113_300 }, today)).toEqual({ ok: true });
    // An invoice already failed as overdue is paid all the same.
    expect(checkManualPayment({ ...invoice, status: 'failed' }, { receivedOn: '2027-02-01', amountMinor: 113_300 }, today)).toEqual({ ok: true });
  });

  it('refuses another amount (no partial payments), a future date, a date before the issue, a paid invoice', () => {
    expect(checkManualPayment(invoice, { receivedOn: '2027-02-03', amountMinor: 113_299 }, today)).toEqual({ ok: false, field: 'amount_minor', key: 'invoice_payment.amount_mismatch' });
    expect(checkManualPayment(invoice, { receivedOn: '2027-02-03', amountMinor: 226_600 }, today)).toMatchObject({ ok: false, field: 'amount_minor' });
    expect(checkManualPayment(invoice, { receivedOn: '2027-02-04', amountMinor: 113_300 }, today)).toEqual({ ok: false, field: 'received_on', key: 'invoice_payment.received_in_future' });
    expect(checkManualPayment(invoice, { receivedOn: '2027-01-04', amountMinor: 113_300 }, today)).toEqual({ ok: false, field: 'received_on', key: 'invoice_payment.received_before_issue' });
    expect(checkManualPayment({ ...invoice, status: 'paid' }, { receivedOn: '2027-02-03', amountMinor: 113_300 }, today)).toEqual({ ok: false, field: 'id', key: 'invoice_payment.already_paid' });
    expect(checkManualPayment({ ...invoice, status: 'other' }, { receivedOn: '2027-02-03', amountMinor: 113_300 }, today)).toMatchObject({ ok: false, field: 'id' });
  });

  it('records the day received as noon in Tokyo, the same calendar day in Japan and in UTC', () => {
    expect(receivedInstant('2027-02-03').toISOString()).toBe('2027-02-03T03:00:00.000Z');
  });
});
