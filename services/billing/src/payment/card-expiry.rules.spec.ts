import { describe, expect, it } from 'vitest';
import { businessDate } from '@portal/service-common/business-dates';
import { cardExpiresOn, cardExpiringFrom, cardExpiryState } from './card-expiry.rules.js';

describe('card expiry (issue 23 item 7)', () => {
  it('a card expires at the end of its expiry month, leap years included', () => {
    expect(cardExpiresOn({ year: 2027, month: 1 })).toBe('2027-01-31');
    expect(cardExpiresOn({ year: 2027, month: 2 })).toBe('2027-02-28');
    expect(cardExpiresOn({ year: 2028, month: 2 })).toBe('2028-02-29');
    expect(cardExpiresOn({ year: 2027, month: 4 })).toBe('2027-04-30');
  });

  it('is expiring from 30 days before its last day up to that day, expired the day after', () => {
    const card = { year: 2027, month: 3 };
    expect(cardExpiringFrom(card)).toBe('2027-03-01');
    expect(cardExpiryState(card, '2027-02-28')).toBe('valid');
    expect(cardExpiryState(card, '2027-03-01')).toBe('expiring');
    expect(cardExpiryState(card, '2027-03-31')).toBe('expiring');
    expect(cardExpiryState(card, '2027-04-01')).toBe('expired');
    // February's card: 30 days before the 28th is 29 January.
    expect(cardExpiringFrom({ year: 2027, month: 2 })).toBe('2027-01-29');
    expect(cardExpiryState({ year: 2027, month: 2 }, '2027-01-28')).toBe('valid');
    expect(cardExpiryState({ year: 2027, month: 2 }, '2027-01-29')).toBe('expiring');
    // Across a year end: January's card is expiring from 1 January, December's expired on 1 January.
    expect(cardExpiryState({ year: 2027, month: 1 }, '2026-12-31')).toBe('valid');
    expect(cardExpiryState({ year: 2027, month: 1 }, '2027-01-01')).toBe('expiring');
    expect(cardExpiryState({ year: 2026, month: 12 }, '2027-01-01')).toBe('expired');
  });

  it('reads "today" in Asia/Tokyo: 15:00 UTC on the last day is already the next day in Japan', () => {
    const card = { year: 2027, month: 3 };
    expect(cardExpiryState(card, businessDate(new Date('2027-03-31T14:59:59Z')))).toBe('expiring');
    expect(cardExpiryState(card, businessDate(new Date('2027-03-31T15:00:00Z')))).toBe('expired');
    // 30 days before, in Japan, while it is still the day before in UTC.
    expect(cardExpiryState(card, businessDate(new Date('2027-02-28T15:00:00Z')))).toBe('expiring');
    expect(cardExpiryState(card, businessDate(new Date('2027-02-28T14:59:59Z')))).toBe('valid');
  });
});
