import { describe, expect, it } from 'vitest';
import {
  addDays, addMonths, businessDate, cancellationEndsOn, changeEffectiveFrom, completionDeadline, contractLive, daysInMonth, invoiceBillingDate, lastOfMonth, minimumTermEnd, monthsBetween,
  penaltyMonths, trialEndsOn, trialLive,
} from './business-dates.js';

const at = (iso: string) => new Date(iso);

describe('business dates (NOTES.md worked examples)', () => {
  it('a change completed on 2027-01-25 23:59 JST applies from 2027-02-01', () => {
    expect(changeEffectiveFrom(at('2027-01-25T23:59:00+09:00'))).toBe('2027-02-01');
  });
  it('a change completed on 2027-01-26 00:00 JST applies from 2027-03-01', () => {
    expect(changeEffectiveFrom(at('2027-01-26T00:00:00+09:00'))).toBe('2027-03-01');
  });
  it('a cancellation filed on 2027-01-25 ends 2027-02-28; one filed on 2027-01-26 ends 2027-03-31', () => {
    expect(cancellationEndsOn(at('2027-01-25T12:00:00+09:00'))).toBe('2027-02-28');
    expect(cancellationEndsOn(at('2027-01-26T12:00:00+09:00'))).toBe('2027-03-31');
  });
  it('the minimum term is 12 months from the billing start', () => {
    expect(minimumTermEnd('2026-04-01')).toBe('2027-03-31');
  });
});

describe('the cutoff at the 25th, read in Tokyo', () => {
  const lastSecond = '2027-01-25T14:59:59Z'; // 2027-01-25 23:59:59 JST
  const nextDay = '2027-01-25T15:00:00Z'; // 2027-01-26 00:00:00 JST

  it('25th 23:59:59 JST is by the cutoff, the 26th 00:00 JST is not', () => {
    expect(changeEffectiveFrom(at('2027-01-25T23:59:59+09:00'))).toBe('2027-02-01');
    expect(changeEffectiveFrom(at('2027-01-26T00:00:00+09:00'))).toBe('2027-03-01');
    expect(cancellationEndsOn(at('2027-01-25T23:59:59+09:00'))).toBe('2027-02-28');
    expect(cancellationEndsOn(at('2027-01-26T00:00:00+09:00'))).toBe('2027-03-31');
  });

  it('the same instants written in UTC give the same answers (the 25th in UTC is not the rule)', () => {
    expect(changeEffectiveFrom(at(lastSecond))).toBe('2027-02-01');
    expect(changeEffectiveFrom(at(nextDay))).toBe('2027-03-01');
    expect(cancellationEndsOn(at(lastSecond))).toBe('2027-02-28');
    expect(cancellationEndsOn(at(nextDay))).toBe('2027-03-31');
    // 2027-01-25 20:00 UTC is already the 26th in Tokyo, though still the 25th in UTC.
    expect(businessDate(at('2027-01-25T20:00:00Z'))).toBe('2027-01-26');
    expect(changeEffectiveFrom(at('2027-01-25T20:00:00Z'))).toBe('2027-03-01');
  });

  it('December rolls into the next year: from the 26th it is February', () => {
    expect(changeEffectiveFrom(at('2026-12-25T10:00:00+09:00'))).toBe('2027-01-01');
    expect(changeEffectiveFrom(at('2026-12-26T00:00:00+09:00'))).toBe('2027-02-01');
    expect(cancellationEndsOn(at('2026-12-25T10:00:00+09:00'))).toBe('2027-01-31');
    expect(cancellationEndsOn(at('2026-12-31T23:59:59+09:00'))).toBe('2027-02-28');
    // New Year in Tokyo is still 31 December in UTC.
    expect(changeEffectiveFrom(at('2026-12-31T15:30:00Z'))).toBe('2027-02-01');
  });

  it('leap years: February has 29 days in 2028, 28 in 2027 and 2100', () => {
    expect(cancellationEndsOn(at('2028-01-10T09:00:00+09:00'))).toBe('2028-02-29');
    expect(cancellationEndsOn(at('2027-12-26T09:00:00+09:00'))).toBe('2028-02-29');
    expect(cancellationEndsOn(at('2027-01-10T09:00:00+09:00'))).toBe('2027-02-28');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(lastOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(minimumTermEnd('2027-03-01')).toBe('2028-02-29');
    expect(minimumTermEnd('2028-02-29')).toBe('2029-02-27');
  });
});

describe('penalty for cancelling inside the minimum term', () => {
  it('bills the months left after the contract ends', () => {
    // Billing from 2026-04; cancelled on 2026-09-10 → ends 2026-10-31; Nov to Mar remain.
    const endsOn = cancellationEndsOn(at('2026-09-10T10:00:00+09:00'));
    expect(endsOn).toBe('2026-10-31');
    expect(penaltyMonths('2026-04-01', endsOn)).toBe(5);
  });
  it('is nothing when the contract ends on or after the last day of the term', () => {
    expect(penaltyMonths('2026-04-01', '2027-03-31')).toBe(0);
    expect(penaltyMonths('2026-04-01', '2027-05-31')).toBe(0);
  });
  it('counts one month when it ends a month early, and eleven when it ends after the first month', () => {
    expect(penaltyMonths('2026-04-01', '2027-02-28')).toBe(1);
    expect(penaltyMonths('2026-04-01', '2026-04-30')).toBe(11);
  });
  it('counts a started month whole for a mid-month billing start', () => {
    // 2026-04-15 → term ends 2027-04-14; ending 2027-02-28 leaves Mar 1 – Apr 14: two months billed.
    expect(minimumTermEnd('2026-04-15')).toBe('2027-04-14');
    expect(penaltyMonths('2026-04-15', '2027-02-28')).toBe(2);
  });
  it('month helpers', () => {
    expect(monthsBetween('2026-11-01', '2027-04-01')).toBe(5);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });
});

describe('trials', () => {
  it('a 15-day trial started on 2026-11-24 ends on 2026-12-08 (the start day is day 1)', () => {
    expect(trialEndsOn(at('2026-11-24T10:00:00+09:00'), 15, 'Asia/Tokyo')).toBe('2026-12-08');
  });
  it('ends across a month end and a year end', () => {
    expect(trialEndsOn(at('2026-01-25T10:00:00+09:00'), 7, 'Asia/Tokyo')).toBe('2026-01-31');
    expect(trialEndsOn(at('2026-01-26T10:00:00+09:00'), 7, 'Asia/Tokyo')).toBe('2026-02-01');
    expect(trialEndsOn(at('2026-12-20T10:00:00+09:00'), 15, 'Asia/Tokyo')).toBe('2027-01-03');
    expect(trialEndsOn(at('2028-02-20T10:00:00+09:00'), 15, 'Asia/Tokyo')).toBe('2028-03-05');
  });
  it('counts in the client\'s zone: the same instant starts on different days in Tokyo and New York', () => {
    const instant = at('2026-11-24T02:00:00Z'); // 11:00 JST on the 24th, 21:00 EST on the 23rd
    expect(trialEndsOn(instant, 15, 'Asia/Tokyo')).toBe('2026-12-08');
    expect(trialEndsOn(instant, 15, 'America/New_York')).toBe('2026-12-07');
  });
  it('is live through its last day in its zone, and not a second later', () => {
    expect(trialLive('2026-12-08', at('2026-12-08T23:59:59+09:00'), 'Asia/Tokyo')).toBe(true);
    expect(trialLive('2026-12-08', at('2026-12-09T00:00:00+09:00'), 'Asia/Tokyo')).toBe(false);
    expect(trialLive('2026-12-08', at('2026-12-09T00:00:00+09:00'), 'America/New_York')).toBe(true);
  });
  it('refuses a length that is not a whole number of days', () => {
    expect(() => trialEndsOn(at('2026-11-24T00:00:00Z'), 0, 'Asia/Tokyo')).toThrow(RangeError);
  });
  it('a contract is live through its end date in Tokyo', () => {
    expect(contractLive('2027-02-28', at('2027-02-28T23:59:59+09:00'))).toBe(true);
    expect(contractLive('2027-02-28', at('2027-02-28T15:00:00Z'))).toBe(false);
    expect(contractLive(null, at('2099-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('issue 22: the dates the checkout states', () => {
  it('the review must complete by the 25th of the month before the change applies', () => {
    expect(completionDeadline('2027-02-01')).toBe('2027-01-25');
    expect(completionDeadline('2027-01-01')).toBe('2026-12-25');
    // The deadline and the 25th rule agree: completed on it, the change applies from that first; a day later, a month later.
    expect(changeEffectiveFrom(new Date('2027-01-25T23:59:59+09:00'))).toBe('2027-02-01');
    expect(changeEffectiveFrom(new Date('2027-01-26T00:00:00+09:00'))).toBe('2027-03-01');
  });

  it('a month\'s invoice is billed on its last day', () => {
    expect(invoiceBillingDate('2027-01')).toBe('2027-01-31');
    expect(invoiceBillingDate('2028-02')).toBe('2028-02-29');
    expect(invoiceBillingDate('2027-02')).toBe('2027-02-28');
  });
});
