import type { TLanguage, TRegion } from './enums.js';
import { REGION_PROFILES } from './regions.js';

/**
 * Times as people read them: in the time zone of the host's region (REGION_PROFILES.timeZone),
 * in the UI language, with the zone named. The SPA (web/src/lib/datetime.ts) and the services
 * (the operation log's dates and its CSV export) use these, so one instant reads the same on
 * every page and in every file. Billing dates are not these: they are Asia/Tokyo (DESIGN §5).
 */
export interface TimeSetting { language: TLanguage; timeZone: string }

/** The time zone of a region's host. */
export function regionTimeZone(region: TRegion): string {
  return REGION_PROFILES[region].timeZone;
}

/** Languages that write dates with numbers (2026/11/24 14:57 JST); the others name the month (Nov 24, 2026, 2:57 PM EST). */
const NUMERIC_DATES: ReadonlySet<TLanguage> = new Set(['ja-jp', 'zh-cn', 'zh-tw']);

type Kind = 'date_time' | 'date' | 'zone';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: Kind, { language, timeZone }: TimeSetting): Intl.DateTimeFormat {
  const key = `${kind}|${language}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const numeric = NUMERIC_DATES.has(language);
    const date: Intl.DateTimeFormatOptions = numeric
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { year: 'numeric', month: 'short', day: 'numeric' };
    const options: Intl.DateTimeFormatOptions = kind === 'date' ? date
      : kind === 'zone' ? { timeZoneName: 'short' }
        : { ...date, hour: numeric ? '2-digit' : 'numeric', minute: '2-digit', ...(numeric ? { hourCycle: 'h23' as const } : {}), timeZoneName: 'short' };
    // Gregorian years everywhere: th-th would count Buddhist-era years (2569), unlike the date
    // inputs of the filters and the CSV export.
    format = new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { ...options, timeZone });
    formatters.set(key, format);
  }
  return format;
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Date and time with the zone's short name: "2026/11/24 14:57 JST", "Nov 24, 2026, 12:57 AM EST". */
export function formatDateTime(value: Date | string | number, setting: TimeSetting): string {
  return formatter('date_time', setting).format(toDate(value));
}

/** The calendar date in the zone: "2026/11/24", "Nov 24, 2026". */
export function formatDate(value: Date | string | number, setting: TimeSetting): string {
  return formatter('date', setting).format(toDate(value));
}

/** The zone's short name in the language at an instant ("JST", "EST", "GMT+7"). */
export function timeZoneName(setting: TimeSetting, at: Date = new Date()): string {
  return formatter('zone', setting).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? setting.timeZone;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** Wall-clock parts of an instant in a zone (numbers, 24-hour). */
function wallClock(instant: number, timeZone: string) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const n = (type: string) => Number(parts[type]);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour') % 24, minute: n('minute'), second: n('second') };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function zonedDate(value: Date | string | number, timeZone: string): string {
  const c = wallClock(toDate(value).getTime(), timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** "2026-11-24 14:57:00" in the zone: a spreadsheet reads it as a date and time (the CSV export). */
export function zonedTimestamp(value: Date | string | number, timeZone: string): string {
  const c = wallClock(toDate(value).getTime(), timeZone);
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

/**
 * The instant a calendar date (YYYY-MM-DD) begins in a zone: 00:00 there, with the zone's offset
 * on that day (summer time included). The operation log's from/to dates mean this.
 */
export function zonedDayStart(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  const first = midnightUtc - offsetAt(midnightUtc, timeZone);
  // The offset at the guess may differ from the one at the answer (a change of summer time that day).
  const second = offsetAt(first, timeZone);
  return new Date(midnightUtc - second);
}

/** The instant the day after a calendar date begins in a zone (the end of a "to" date, exclusive). */
export function zonedDayEnd(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return zonedDayStart(`${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`, timeZone);
}
