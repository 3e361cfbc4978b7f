/**
 * Bucketing of zone-local calendar days (YYYY-MM-DD) into day, week and month buckets. Pure
 * arithmetic on dates, no time zone: the zone is applied once, at ingestion (`zoneDay`).
 */
import type { DayRange, UsageUnit } from './usage-store.port.js';

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** The calendar day of an instant in an IANA zone, YYYY-MM-DD. */
export function zoneDay(at: Date, zone: string): string {
  return ZONE_FORMATS.get(zone)?.format(at) ?? zoneFormat(zone).format(at);
}
const ZONE_FORMATS = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(zone: string): Intl.DateTimeFormat {
  // en-CA formats as YYYY-MM-DD.
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  ZONE_FORMATS.set(zone, f);
  return f;
}

/** First day of the bucket holding `day`, not clipped. */
export function bucketStart(day: string, unit: UsageUnit, weekStartsOn: 0 | 1 | 6): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  const ms = toUtc(day);
  const dow = new Date(ms).getUTCDay();
  const back = (dow - weekStartsOn + 7) % 7;
  return fromUtc(ms - back * DAY_MS);
}

/** The bucket key of a day inside a range: its bucket start, clipped to range.from. */
export function bucketOf(day: string, range: DayRange, unit: UsageUnit, weekStartsOn: 0 | 1 | 6): string {
  const start = bucketStart(day, unit, weekStartsOn);
  return start < range.from ? range.from : start;
}

/** Every bucket of the range in order (the first clipped to range.from): the zero-fill skeleton. */
export function bucketsOf(range: DayRange, unit: UsageUnit, weekStartsOn: 0 | 1 | 6): string[] {
  const out: string[] = [];
  if (range.from > range.to) return out;
  let day = range.from;
  while (day <= range.to) {
    const key = bucketOf(day, range, unit, weekStartsOn);
    if (out[out.length - 1] !== key) out.push(key);
    if (unit === 'day') day = addDays(day, 1);
    else if (unit === 'week') day = addDays(bucketStart(day, 'week', weekStartsOn), 7);
    else {
      const [y, m] = day.split('-').map(Number) as [number, number];
      day = fromUtc(Date.UTC(y, m, 1));
    }
  }
  return out;
}

/** Every day of the range, inclusive. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Days between two YYYY-MM-DD (b − a). */
export function dayDiff(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}
