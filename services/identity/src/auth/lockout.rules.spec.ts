import { describe, expect, it } from 'vitest';
import { lockedUntil, lockoutDelayMs, startsLockout } from './lockout.rules.js';

const policy = { threshold: 5, stepSeconds: 60, maxSeconds: 900 };

describe('lockout backoff', () => {
  it('does not lock below the threshold', () => {
    for (const failures of [0, 1, 4]) expect(lockoutDelayMs(failures, policy)).toBe(0);
    expect(lockedUntil(4, policy, new Date(0))).toBeNull();
  });

  it('waits one step at the threshold and one more per further failure', () => {
    expect(lockoutDelayMs(5, policy)).toBe(60_000);
    expect(lockoutDelayMs(6, policy)).toBe(120_000);
    expect(lockoutDelayMs(10, policy)).toBe(360_000);
  });

  it('never waits longer than the maximum', () => {
    expect(lockoutDelayMs(19, policy)).toBe(900_000);
    expect(lockoutDelayMs(20, policy)).toBe(900_000);
    expect(lockoutDelayMs(1000, policy)).toBe(900_000);
  });

  it('follows the configured policy', () => {
    expect(lockoutDelayMs(3, { threshold: 3, stepSeconds: 10, maxSeconds: 25 })).toBe(10_000);
    expect(lockoutDelayMs(5, { threshold: 3, stepSeconds: 10, maxSeconds: 25 })).toBe(25_000);
  });

  it('locks until now plus the wait; the threshold failure starts a lockout', () => {
    expect(lockedUntil(6, policy, new Date(1000))).toEqual(new Date(121_000));
    expect(startsLockout(5, policy)).toBe(true);
    expect(startsLockout(6, policy)).toBe(false);
  });
});
