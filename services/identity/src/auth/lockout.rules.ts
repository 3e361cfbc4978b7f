/**
 * Account lockout after failed passwords or MFA codes (spec §4, DESIGN §4), without a database:
 * below LOCKOUT_THRESHOLD failures no wait; from the threshold on, each failure adds
 * LOCKOUT_STEP_SECONDS to the wait, up to LOCKOUT_MAX_SECONDS.
 */
export interface LockoutPolicy { threshold: number; stepSeconds: number; maxSeconds: number }

/** The wait after `failures` consecutive failures, in milliseconds (0: not locked). */
export function lockoutDelayMs(failures: number, policy: LockoutPolicy): number {
  if (failures < policy.threshold) return 0;
  return Math.min((failures - policy.threshold + 1) * policy.stepSeconds, policy.maxSeconds) * 1000;
}

/** Until when the account is locked after `failures` failures at `now`, or null. */
export function lockedUntil(failures: number, policy: LockoutPolicy, now: Date): Date | null {
  const wait = lockoutDelayMs(failures, policy);
  return wait ? new Date(now.getTime() + wait) : null;
}

/** The first failure that locks: the owner is mailed once per run of failures. */
export const startsLockout = (failures: number, policy: LockoutPolicy): boolean => failures === policy.threshold;
