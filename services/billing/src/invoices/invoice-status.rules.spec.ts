import { describe, expect, it } from 'vitest';
import { becomesOverdue, unpaidState } from './invoice-status.rules.js';

const today = '2027-02-02';

describe('unpaid invoices: overdue and pay now (issue 23)', () => {
  it('is overdue once the billing date has passed unpaid, or when failed', () => {
    expect(unpaidState({ status: 'billed', billingDate: '2027-02-01', paymentMethod: 'bank_transfer' }, today)).toEqual({ overdue: true, pay_action: 'bank_transfer' });
    expect(unpaidState({ status: 'billed', billingDate: '2027-02-02', paymentMethod: 'bank_transfer' }, today)).toEqual({ overdue: false, pay_action: 'bank_transfer' });
    expect(unpaidState({ status: 'failed', billingDate: '2027-02-28', paymentMethod: 'card' }, today)).toEqual({ overdue: true, pay_action: 'retry_card' });
  });

  it('offers a card retry only when the card is no longer charged by itself; nothing for a paid invoice', () => {
    expect(unpaidState({ status: 'scheduled', billingDate: '2027-02-28', paymentMethod: 'card' }, today)).toEqual({ overdue: false, pay_action: 'none' });
    expect(unpaidState({ status: 'scheduled', billingDate: '2027-01-31', paymentMethod: 'card' }, today)).toEqual({ overdue: true, pay_action: 'retry_card' });
    expect(unpaidState({ status: 'paid', billingDate: '2027-01-31', paymentMethod: 'card' }, today)).toEqual({ overdue: false, pay_action: 'none' });
    expect(unpaidState({ status: 'billed', billingDate: '2027-01-31', paymentMethod: 'direct_debit' }, today)).toEqual({ overdue: true, pay_action: 'none' });
  });

  it('the sweep fails billed invoices past their date, and card invoices only when no charge attempt is still to come', () => {
    const inv = (over: Partial<Parameters<typeof becomesOverdue>[0]>) => ({ status: 'billed' as const, billingDate: '2027-01-31', paymentMethod: 'bank_transfer', nextChargeOn: null, ...over });
    expect(becomesOverdue(inv({}), today)).toBe(true);
    expect(becomesOverdue(inv({ billingDate: '2027-02-02' }), today)).toBe(false);
    expect(becomesOverdue(inv({ status: 'scheduled', paymentMethod: 'card', nextChargeOn: '2027-02-03' }), today)).toBe(false);
    expect(becomesOverdue(inv({ status: 'scheduled', paymentMethod: 'card', nextChargeOn: '2027-02-01' }), today)).toBe(true);
    expect(becomesOverdue(inv({ status: 'failed' }), today)).toBe(false);
    expect(becomesOverdue(inv({ status: 'paid' }), today)).toBe(false);
  });
});
