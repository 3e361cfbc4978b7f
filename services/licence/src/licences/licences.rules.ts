import type { TLicenceCheck, TLicenceKind } from '@portal/proto';

/**
 * Licence rules (docs/design/licence.md "Licence check"), pure: no I/O, no clock of their own.
 * Dates are calendar days (YYYY-MM-DD) of the client's region zone.
 */

/** The calendar day of `at` in `zone` (IANA), as YYYY-MM-DD. */
export function dayIn(at: Date, zone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A calendar day plus `days` (negative goes back), across month and year ends. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The last day of a trial of `days` days started at `startedAt`: the start day counts as the
 * first, in the client's zone. A 15-day trial started on 2027-01-20 in Tokyo ends on 2027-02-03
 * and is live through that day.
 */
export function trialEndsOn(startedAt: Date, days: number, zone: string): string {
  return addDays(dayIn(startedAt, zone), days - 1);
}

export interface LicenceRow {
  kind: string;
  /** YYYY-MM-DD, for a trial. */
  trialEndsOn: string | null;
  endedAt: Date | null;
}

/**
 * Live = a paid contract (`paid`, answered by slice C), or a free licence, or a trial whose last
 * day has not passed (`today` in the client's zone). Otherwise why not.
 */
export function licenceState(row: LicenceRow | null, today: string, paid: boolean): TLicenceCheck {
  if (paid) return { live: true, kind: 'paid' };
  if (!row) return { live: false, kind: null, reason: 'not_held' };
  const kind = row.kind as TLicenceKind;
  if (kind === 'trial') {
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
 * late, once, if the job did not run that day), and the end (`trial_ended`) the day after.
 */
export function trialActions(row: TrialMailRow, today: string): { reminder: boolean; lastDay: boolean; end: boolean } {
  if (row.kind !== 'trial' || !row.trialEndsOn || row.endedAt) return { reminder: false, lastDay: false, end: false };
  const ends = row.trialEndsOn;
  return {
    reminder: !row.mail3dSentAt && today >= addDays(ends, -TRIAL_REMINDER_DAYS) && today < ends,
    lastDay: !row.mailEndSentAt && today >= ends,
    end: today > ends,
  };
}

/** Whether a product may be started: offered in the region, not already held live, and the kind offered. */
export function startRefusal(
  product: { regions: readonly string[]; trialDays: number | null; freePlan: boolean },
  region: string,
  kind: 'trial' | 'free',
  current: TLicenceCheck,
  existing: LicenceRow | null,
): string | null {
  if (!product.regions.includes(region)) return 'product.not_offered';
  if (current.live) return 'product.already_started';
  if (kind === 'trial') {
    if (product.trialDays === null) return 'product.no_trial';
    // One trial per client and product: an ended trial leads to a paid plan, not another trial.
    if (existing?.kind === 'trial') return 'product.trial_used';
  }
  if (kind === 'free' && !product.freePlan) return 'product.no_free_plan';
  return null;
}
