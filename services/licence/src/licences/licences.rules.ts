import type { TLicenceCheck, TLicenceKind } from '@portal/proto';
import { addDays, dateInZone, trialEndsOn, trialLive, type IsoDate } from '@portal/service-common/business-dates';

/**
 * Licence rules (docs/design/licence.md "Licence check"), pure: no I/O, no clock of their own.
 * Dates are calendar days (YYYY-MM-DD) of the client's region zone, computed by the one
 * business-dates module (a trial of N days counts its start day as the first: `trialEndsOn`).
 */
export { addDays, trialEndsOn };
/** The calendar day of `at` in `zone` (IANA), as YYYY-MM-DD. */
export const dayIn = dateInZone;

export interface LicenceRow {
  kind: string;
  /** YYYY-MM-DD, for a trial. */
  trialEndsOn: string | null;
  endedAt: Date | null;
}

/** A paid contract applied for and not in effect yet (under review, or allowed and starting later). */
export interface PendingPaid {
  appliedAt: Date;
  /** Its first day (a Tokyo business date). */
  effectiveFrom: IsoDate;
}

/**
 * Issue 22, trial-to-plan continuity: the paid plan that carries a trial on past its last day.
 * A paid plan applied for while the trial was live keeps the product usable until the plan
 * starts (from then on the paid contract makes it live), so there is no gap between the trial's
 * end and the contract's start, however long the review or the 25th rule make the wait. Not
 * when the application came after the trial's last day (the trial had ended: the product waits
 * for the contract), nor when the trial was released early (unlinked before its last day).
 * Rejecting or withdrawing the application ends the bridge (the contract is no longer pending).
 */
export function bridgingPlan(row: LicenceRow | null, pending: readonly PendingPaid[], zone: string): PendingPaid | null {
  if (!row || row.kind !== 'trial' || !row.trialEndsOn) return null;
  const endsOn = row.trialEndsOn;
  if (row.endedAt && trialLive(endsOn, row.endedAt, zone)) return null;
  return pending.find((p) => trialLive(endsOn, p.appliedAt, zone)) ?? null;
}

/**
 * Live = a paid contract (`paid`, answered by slice C), or a free licence, or a trial whose last
 * day has not passed (`today` in the client's zone), or (issue 22) a trial carried on by a paid
 * plan applied for during it (`bridged`, see bridgingPlan). Otherwise why not.
 */
export function licenceState(row: LicenceRow | null, today: string, paid: boolean, bridged = false): TLicenceCheck {
  if (paid) return { live: true, kind: 'paid' };
  if (!row) return { live: false, kind: null, reason: 'not_held' };
  const kind = row.kind as TLicenceKind;
  if (kind === 'trial') {
    if (bridged) return { live: true, kind };
    if (row.endedAt || !row.trialEndsOn || today > row.trialEndsOn) return { live: false, kind, reason: 'trial_ended' };
    return { live: true, kind };
  }
  if (row.endedAt) return { live: false, kind, reason: 'cancelled' };
  return { live: true, kind };
}

/** Issue 22: a client marked as subject to the EU data-protection rule may use no licence, whatever it holds. */
export function withEuRule(check: TLicenceCheck, euRestricted: boolean): TLicenceCheck {
  return euRestricted ? { live: false, kind: check.kind, reason: 'eu_restricted' } : check;
}

/** Days before the end when the reminder goes out. */
export const TRIAL_REMINDER_DAYS = 3;

export interface TrialMailRow extends LicenceRow {
  mail3dSentAt: Date | null;
  mailEndSentAt: Date | null;
}

/**
 * What the daily trial job does for one trial on `today`: the reminder from three days before
 * the last day (once, and not once the last day has come), the last-day mail on the last day (or
 * late, once, if the job did not run that day), and the end (`trial_ended`) the day after. With
 * `paidApplied` (a paid plan of the product applied for), no mail: the client has chosen already.
 */
export function trialActions(row: TrialMailRow, today: string, paidApplied = false): { reminder: boolean; lastDay: boolean; end: boolean } {
  if (row.kind !== 'trial' || !row.trialEndsOn || row.endedAt) return { reminder: false, lastDay: false, end: false };
  const ends = row.trialEndsOn;
  // A client that has applied for a paid plan of the product (under review, allowed, or live) is
  // not asked to choose one: no reminder and no last-day mail. The trial still ends on its day.
  return {
    reminder: !paidApplied && !row.mail3dSentAt && today >= addDays(ends, -TRIAL_REMINDER_DAYS) && today < ends,
    lastDay: !paidApplied && !row.mailEndSentAt && today >= ends,
    end: today > ends,
  };
}

/**
 * Whether a product may be started: offered in the region, not already held live, and the kind
 * offered. One trial per client and product, ever (`trialUsed`: the client's trial record, which
 * unlink, the free plan and the end of the licence leave alone): an ended trial leads to a paid
 * plan, not another trial.
 */
export function startRefusal(
  product: { regions: readonly string[]; trialDays: number | null; freePlan: boolean },
  region: string,
  kind: 'trial' | 'free',
  current: TLicenceCheck,
  trialUsed: boolean,
): string | null {
  if (!product.regions.includes(region)) return 'product.not_offered';
  if (current.live) return 'product.already_started';
  if (kind === 'trial') {
    if (product.trialDays === null) return 'product.no_trial';
    if (trialUsed) return 'product.trial_used';
  }
  if (kind === 'free' && !product.freePlan) return 'product.no_free_plan';
  return null;
}
