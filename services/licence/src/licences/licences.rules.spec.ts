import { describe, expect, it } from 'vitest';
import { addDays, bridgingPlan, dayIn, licenceState, startRefusal, trialActions, trialEndsOn, withEuRule } from './licences.rules.js';

describe('trialEndsOn', () => {
  it('counts the start day as the first, across a month end, in the client\'s zone', () => {
    // 2027-01-20 10:00 JST: a 15-day trial is live through 2027-02-03.
    expect(trialEndsOn(new Date('2027-01-20T01:00:00Z'), 15, 'Asia/Tokyo')).toBe('2027-02-03');
    // 7 days from 2026-12-28 ends 2027-01-03 (a year end).
    expect(trialEndsOn(new Date('2026-12-28T03:00:00Z'), 7, 'Asia/Tokyo')).toBe('2027-01-03');
  });

  it('starts on the region\'s calendar day: the same instant is a different day in Tokyo and New York', () => {
    const instant = new Date('2027-01-31T20:00:00Z'); // Feb 1, 05:00 JST; Jan 31, 15:00 in New York
    expect(dayIn(instant, 'Asia/Tokyo')).toBe('2027-02-01');
    expect(dayIn(instant, 'America/New_York')).toBe('2027-01-31');
    expect(trialEndsOn(instant, 15, 'Asia/Tokyo')).toBe('2027-02-15');
    expect(trialEndsOn(instant, 15, 'America/New_York')).toBe('2027-02-14');
  });

  it('handles February in leap and common years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(trialEndsOn(new Date('2028-02-20T00:00:00Z'), 15, 'Asia/Tokyo')).toBe('2028-03-05');
  });
});

describe('licenceState (the live-licence rule)', () => {
  const trial = { kind: 'trial', trialEndsOn: '2027-02-03', endedAt: null };

  it('a trial is live through its last day and ended the day after', () => {
    expect(licenceState(trial, '2027-02-03', false)).toEqual({ live: true, kind: 'trial' });
    expect(licenceState(trial, '2027-02-04', false)).toEqual({ live: false, kind: 'trial', reason: 'trial_ended' });
  });

  it('a free licence is live until it ends; no row is not held; a paid contract is live whatever the row says', () => {
    expect(licenceState({ kind: 'free', trialEndsOn: null, endedAt: null }, '2030-01-01', false)).toEqual({ live: true, kind: 'free' });
    expect(licenceState({ kind: 'free', trialEndsOn: null, endedAt: new Date() }, '2030-01-01', false).reason).toBe('cancelled');
    expect(licenceState(null, '2027-02-04', false)).toEqual({ live: false, kind: null, reason: 'not_held' });
    expect(licenceState(trial, '2027-03-01', true)).toEqual({ live: true, kind: 'paid' });
    expect(licenceState(null, '2027-03-01', true)).toEqual({ live: true, kind: 'paid' });
  });

  it('a client marked as subject to the EU data-protection rule holds nothing usable, not even a paid contract (issue 22)', () => {
    expect(withEuRule(licenceState(null, '2027-03-01', true), true)).toEqual({ live: false, kind: 'paid', reason: 'eu_restricted' });
    expect(withEuRule(licenceState(trial, '2027-02-03', false), true)).toEqual({ live: false, kind: 'trial', reason: 'eu_restricted' });
    expect(withEuRule(licenceState(trial, '2027-02-03', false), false)).toEqual({ live: true, kind: 'trial' });
  });
});

describe('trialActions', () => {
  const row = { kind: 'trial', trialEndsOn: '2027-03-02', endedAt: null, mail3dSentAt: null, mailEndSentAt: null };

  it('reminds three days before (across a month end), mails on the last day, ends the day after', () => {
    expect(trialActions(row, '2027-02-26')).toEqual({ reminder: false, lastDay: false, end: false });
    expect(trialActions(row, '2027-02-27')).toEqual({ reminder: true, lastDay: false, end: false });
    expect(trialActions({ ...row, mail3dSentAt: new Date() }, '2027-02-28')).toEqual({ reminder: false, lastDay: false, end: false });
    expect(trialActions({ ...row, mail3dSentAt: new Date() }, '2027-03-02')).toEqual({ reminder: false, lastDay: true, end: false });
    expect(trialActions({ ...row, mail3dSentAt: new Date(), mailEndSentAt: new Date() }, '2027-03-03')).toEqual({ reminder: false, lastDay: false, end: true });
  });

  it('mails nothing once a paid plan of the product is applied for, but still ends the trial', () => {
    expect(trialActions(row, '2027-02-27', true)).toEqual({ reminder: false, lastDay: false, end: false });
    expect(trialActions(row, '2027-03-02', true)).toEqual({ reminder: false, lastDay: false, end: false });
    expect(trialActions(row, '2027-03-03', true)).toEqual({ reminder: false, lastDay: false, end: true });
  });

  it('does nothing for free licences or ended trials', () => {
    expect(trialActions({ ...row, kind: 'free' }, '2027-03-02').lastDay).toBe(false);
    expect(trialActions({ ...row, endedAt: new Date() }, '2027-03-05').end).toBe(false);
  });
});

describe('startRefusal', () => {
  const bownow = { regions: ['jpn', 'mys'], trialDays: 15, freePlan: false };
  const notHeld = { live: false, kind: null, reason: 'not_held' } as const;

  it('refuses a product the region does not offer, one held live, a second trial, and a kind not offered', () => {
    expect(startRefusal(bownow, 'usa', 'trial', notHeld, false)).toBe('product.not_offered');
    expect(startRefusal(bownow, 'jpn', 'trial', { live: true, kind: 'free' }, false)).toBe('product.already_started');
    expect(startRefusal(bownow, 'jpn', 'trial', { live: false, kind: 'trial', reason: 'trial_ended' }, true)).toBe('product.trial_used');
    expect(startRefusal(bownow, 'jpn', 'free', notHeld, false)).toBe('product.no_free_plan');
    expect(startRefusal({ ...bownow, trialDays: null }, 'jpn', 'trial', notHeld, false)).toBe('product.no_trial');
    expect(startRefusal(bownow, 'jpn', 'trial', notHeld, false)).toBeNull();
  });

  it('issue 22: the trial record decides, not the licence row: a trial taken, then the free plan, then unlinked, is used', () => {
    // The licence row says "free, ended" (unlink without keeping it): nothing on it says trial any more.
    const cancelled = { live: false, kind: 'free', reason: 'cancelled' } as const;
    expect(startRefusal(bownow, 'jpn', 'trial', cancelled, true)).toBe('product.trial_used');
    // The licence row deleted: still used.
    expect(startRefusal(bownow, 'jpn', 'trial', notHeld, true)).toBe('product.trial_used');
    // The free plan may still be started again.
    expect(startRefusal({ ...bownow, freePlan: true }, 'jpn', 'free', cancelled, true)).toBeNull();
  });
});

describe('bridgingPlan (issue 22: trial-to-plan continuity)', () => {
  const zone = 'Asia/Tokyo';
  // A 15-day trial live through 2027-02-03 (Tokyo).
  const trial = { kind: 'trial', trialEndsOn: '2027-02-03', endedAt: null };
  const paid = (appliedAt: string, effectiveFrom = '2027-03-01') => ({ appliedAt: new Date(appliedAt), effectiveFrom });

  it('a paid plan applied for during the trial carries it on until the plan starts: no day without the product', () => {
    const pending = [paid('2027-02-03T14:59:59Z')]; // 23:59:59 JST on the last day
    expect(bridgingPlan(trial, pending, zone)).toEqual(pending[0]);
    // The day after the trial's last day, and the day before the plan starts: live, still as the trial.
    expect(licenceState(trial, '2027-02-04', false, true)).toEqual({ live: true, kind: 'trial' });
    expect(licenceState(trial, '2027-02-28', false, true)).toEqual({ live: true, kind: 'trial' });
    // From the first day of the plan the contract is live: paid.
    expect(licenceState(trial, '2027-03-01', true, true)).toEqual({ live: true, kind: 'paid' });
    // The job that ends the trial the day after its last day does not end the bridge.
    expect(bridgingPlan({ ...trial, endedAt: new Date('2027-02-03T15:00:00Z') }, pending, zone)).not.toBeNull();
  });

  it('not for an application after the trial ended, an early release, a free licence, or nothing pending', () => {
    expect(bridgingPlan(trial, [paid('2027-02-03T15:00:00Z')], zone)).toBeNull(); // 00:00 JST on the 4th
    expect(bridgingPlan({ ...trial, endedAt: new Date('2027-01-25T03:00:00Z') }, [paid('2027-01-24T03:00:00Z')], zone)).toBeNull();
    expect(bridgingPlan({ kind: 'free', trialEndsOn: null, endedAt: null }, [paid('2027-01-24T03:00:00Z')], zone)).toBeNull();
    expect(bridgingPlan(trial, [], zone)).toBeNull();
    expect(bridgingPlan(null, [paid('2027-01-24T03:00:00Z')], zone)).toBeNull();
    // Without the bridge the ended trial is refused the day after its last day.
    expect(licenceState(trial, '2027-02-04', false, false)).toEqual({ live: false, kind: 'trial', reason: 'trial_ended' });
  });

  it('reads "during the trial" in the client\'s zone', () => {
    // 2027-02-04 00:30 JST is still 2027-02-03 in New York: applied during a New York trial.
    const applied = [paid('2027-02-03T15:30:00Z')];
    expect(bridgingPlan(trial, applied, 'America/New_York')).not.toBeNull();
    expect(bridgingPlan(trial, applied, 'Asia/Tokyo')).toBeNull();
  });
});
