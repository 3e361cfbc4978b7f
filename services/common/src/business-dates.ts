/**
 * Business dates of plans and contracts (spec §4 "Plan change timing", "Contract term"; NOTES.md
 * "Dates and money"; DESIGN §5): pure functions, no I/O, no clock of their own. Instants go in as
 * `Date`; business dates come out as ISO calendar dates (`YYYY-MM-DD`) read in Asia/Tokyo, the
 * zone every plan rule is stated in, whatever the client's region. Trials are the exception: they
 * end on their day in the client's region zone, so `trialEndsOn` takes the zone.
 *
 * The licence service (plan application, cancellation, the licence check) and billing (issue 11)
 * use this module; the SPA never recomputes a date, it shows what the API answers.
 */

/** The zone of every plan and contract rule. */
export const BUSINESS_ZONE = 'Asia/Tokyo';
/** A change or cancellation completed on or before this day of the month counts as "by the 25th". */
export const CUTOFF_DAY = 25;
/** The minimum contract term, in months from the billing start (spec §9). */
export const MINIMUM_TERM_MONTHS = 12;

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Ymd { year: number; month: number; day: number }

function parse(date: IsoDate): Ymd {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not an ISO date: ${date}`);
  const ymd = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  if (ymd.month < 1 || ymd.month > 12 || ymd.day < 1 || ymd.day > daysInMonth(ymd.year, ymd.month)) throw new RangeError(`not a calendar date: ${date}`);
  return ymd;
}
const format = ({ year, month, day }: Ymd): IsoDate => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** Days in a month (1–12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar date of an instant in a zone. */
export function dateInZone(instant: Date, zone: string): IsoDate {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return format({ year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) });
}

/** The business (Asia/Tokyo) date of an instant. */
export function businessDate(instant: Date): IsoDate {
  return dateInZone(instant, BUSINESS_ZONE);
}

/** The date `days` later (negative: earlier). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = parse(date);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return format({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
}

/** The same day `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const { year, month, day } = parse(date);
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return format({ year: y, month: m, day: Math.min(day, daysInMonth(y, m)) });
}

/** The first day of the date's month. */
export function firstOfMonth(date: IsoDate): IsoDate {
  const { year, month } = parse(date);
  return format({ year, month, day: 1 });
}

/** The last day of the date's month. */
export function lastOfMonth(date: IsoDate): IsoDate {
  const { year, month } = parse(date);
  return format({ year, month, day: daysInMonth(year, month) });
}

/** The month of a date, `YYYY-MM`. */
export function monthOf(date: IsoDate): string {
  return date.slice(0, 7);
}

/**
 * Whole calendar months from `from` to `to` (both first days of months give an exact count;
 * otherwise a started month counts as a whole one). Zero or negative when `to` is not later.
 */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  const a = parse(from);
  const b = parse(to);
  const whole = (b.year - a.year) * 12 + (b.month - a.month);
  return b.day > a.day ? whole + 1 : whole;
}

/** Whether the instant falls on or before the cutoff day of its Tokyo month. */
export function byCutoff(instant: Date): boolean {
  return parse(businessDate(instant)).day <= CUTOFF_DAY;
}

/**
 * The first day a plan change applies: completed by the 25th (before 00:00 JST on the 26th), the
 * first of next month; from the 26th, the first of the month after next.
 */
export function changeEffectiveFrom(completedAt: Date): IsoDate {
  const today = businessDate(completedAt);
  return firstOfMonth(addMonths(firstOfMonth(today), byCutoff(completedAt) ? 1 : 2));
}

/**
 * The last day of a cancelled contract: filed by the 25th, the last day of next month; from the
 * 26th, the last day of the month after next.
 */
export function cancellationEndsOn(filedAt: Date): IsoDate {
  const today = businessDate(filedAt);
  return lastOfMonth(addMonths(firstOfMonth(today), byCutoff(filedAt) ? 1 : 2));
}

/**
 * Issue 22: the last day a change may be completed (an operator's allowance, for a paid plan) and
 * still apply from `effectiveFrom` (a first of month): the 25th of the month before. Completed
 * later, the 25th rule moves it a month on.
 */
export function completionDeadline(effectiveFrom: IsoDate): IsoDate {
  const { year, month } = parse(firstOfMonth(addMonths(effectiveFrom, -1)));
  return format({ year, month, day: CUTOFF_DAY });
}

/**
 * The billing date of a month's invoice (YYYY-MM): the month's last day. The billing run of the
 * month issues it on the 1st; a card is charged, and a transfer is due, on this day.
 */
export function invoiceBillingDate(month: string): IsoDate {
  return lastOfMonth(`${month}-01`);
}

/** The last day of the 12-month minimum term counted from the billing start (2026-04-01 → 2027-03-31). */
export function minimumTermEnd(billingStart: IsoDate): IsoDate {
  return addDays(addMonths(billingStart, MINIMUM_TERM_MONTHS), -1);
}

/**
 * Months billed as a penalty when a contract ends on `endsOn` inside its minimum term: the months
 * from the day after `endsOn` to the end of the term (a started month counts whole); 0 when the
 * contract ends on or after the term's last day (it renews monthly from then on).
 */
export function penaltyMonths(billingStart: IsoDate, endsOn: IsoDate): number {
  const termEnd = minimumTermEnd(billingStart);
  if (endsOn >= termEnd) return 0;
  return Math.max(0, monthsBetween(addDays(endsOn, 1), addDays(termEnd, 1)));
}

/**
 * The last day of a trial of `days` days started at `startedAt`, in the client's region zone: the
 * start day counts as day 1 (a 15-day trial started on 2026-11-24 ends on 2026-12-08). The trial
 * is live through that whole day in that zone (see `trialLive`).
 */
export function trialEndsOn(startedAt: Date, days: number, zone: string): IsoDate {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`trial length must be a whole number of days >= 1: ${days}`);
  return addDays(dateInZone(startedAt, zone), days - 1);
}

/** Whether a trial ending on `endsOn` (in `zone`) is still live at `now`. */
export function trialLive(endsOn: IsoDate, now: Date, zone: string): boolean {
  return dateInZone(now, zone) <= endsOn;
}

/** Whether a contract ending on `endsOn` (a Tokyo date; null = open-ended) is still live at `now`. */
export function contractLive(endsOn: IsoDate | null, now: Date): boolean {
  return endsOn === null || businessDate(now) <= endsOn;
}
