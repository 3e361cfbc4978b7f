import type { TLanguage, TUsageUnit } from '@portal/proto';

/** Group donut slices under this share into one "other" slice. */
export const OTHER_SHARE = 0.05;
export const OTHER_KEY = '__other__';

/** Slices of at least 5 % stay; the rest become one "other" slice (kept last). */
export function groupSmallSlices(slices: readonly { value: string; count: number }[], share = OTHER_SHARE): { value: string; count: number }[] {
  const total = slices.reduce((n, s) => n + s.count, 0);
  if (total === 0) return [];
  const big = slices.filter((s) => s.count / total >= share);
  const rest = slices.filter((s) => s.count / total < share).reduce((n, s) => n + s.count, 0);
  return rest > 0 ? [...big, { value: OTHER_KEY, count: rest }] : big;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatCount(n: number, language: TLanguage): string {
  let f = numberFormats.get(language);
  if (!f) numberFormats.set(language, (f = new Intl.NumberFormat(language)));
  return f.format(n);
}

/** A bucket's label: its date (day, week from) or its month, in the UI language (calendar dates: no zone shift). */
export function formatPeriod(period: string, unit: TUsageUnit, language: TLanguage): string {
  const date = new Date(`${period}T00:00:00Z`);
  const options: Intl.DateTimeFormatOptions = unit === 'month'
    ? { year: 'numeric', month: 'short', timeZone: 'UTC' }
    : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, options).format(date);
}

/** A full calendar date (range ends). */
export function formatDay(day: string, language: TLanguage): string {
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
