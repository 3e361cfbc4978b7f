import { describe, expect, it } from 'vitest';
import { addDays, dayIn, licenceState, startRefusal, trialActions, trialEndsOn, withEuRule } from './licences.rules.js';

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

  it('does nothing for free licences or ended trials', () => {
    expect(trialActions({ ...row, kind: 'free' }, '2027-03-02').lastDay).toBe(false);
    expect(trialActions({ ...row, endedAt: new Date() }, '2027-03-05').end).toBe(false);
  });
});

describe('startRefusal', () => {
  const bownow = { regions: ['jpn', 'mys'], trialDays: 15, freePlan: false };
  const notHeld = { live: false, kind: null, reason: 'not_held' } as const;

  it('refuses a product the region does not offer, one held live, a second trial, and a kind not offered', () => {
    expect(startRefusal(bownow, 'usa', 'trial', notHeld, null)).toBe('product.not_offered');
    expect(startRefusal(bownow, 'jpn', 'trial', { live: true, kind: 'free' }, null)).toBe('product.already_started');
    expect(startRefusal(bownow, 'jpn', 'trial', { live: false, kind: 'trial', reason: 'trial_ended' }, { kind: 'trial', trialEndsOn: '2027-01-01', endedAt: null })).toBe('product.trial_used');
    expect(startRefusal(bownow, 'jpn', 'free', notHeld, null)).toBe('product.no_free_plan');
    expect(startRefusal({ ...bownow, trialDays: null }, 'jpn', 'trial', notHeld, null)).toBe('product.no_trial');
    expect(startRefusal(bownow, 'jpn', 'trial', notHeld, null)).toBeNull();
  });
});
