import type { TRateStatus, TTaxCategory, TTaxCountry } from '@portal/proto';

/** A decimal rate string with grouping in the UI language, every digit kept ("150.25" → "150.25", "1234.5" → "1,234.5"). */
export function formatRate(rate: string, language: string): string {
  const [whole = '0', frac] = rate.split('.');
  const grouped = new Intl.NumberFormat(`${language}-u-nu-latn`, { maximumFractionDigits: 0 }).format(Number(whole));
  const point = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return frac ? `${grouped}${point}${frac}` : grouped;
}

export const STATUS_COLOR: Record<TRateStatus, string> = { past: 'gray', in_force: 'green', scheduled: 'blue' };

/** A business date (YYYY-MM-DD, Asia/Tokyo) in the UI language, read as a calendar date (never shifted to another zone). */
export function formatCalendarDate(date: string, language: string): string {
  const numeric = /^(ja|zh)/.test(language);
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, {
    timeZone: 'UTC', year: 'numeric', ...(numeric ? { month: '2-digit', day: '2-digit' } : { month: 'short', day: 'numeric' }),
  }).format(new Date(`${date}T00:00:00Z`));
}

/** ISO 3166 codes of the regions that are countries ("other" is every other overseas country). */
const ISO_COUNTRY: Record<Exclude<TTaxCountry, 'other'>, string> = {
  jpn: 'JP', usa: 'US', mys: 'MY', chn: 'CN', twn: 'TW', vnm: 'VN', tha: 'TH', phl: 'PH', sgp: 'SG', idn: 'ID',
};

/** A tax country's name in the UI language (the browser's own country names; "other" from the catalogue). */
export function countryName(country: TTaxCountry, language: string, t: (key: string) => string): string {
  if (country === 'other') return t('tax_fx.country_other');
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(ISO_COUNTRY[country]) ?? ISO_COUNTRY[country];
  } catch {
    return ISO_COUNTRY[country];
  }
}

export const CATEGORY_LABEL: Record<TTaxCategory, string> = { standard: 'tax_fx.categories.standard', reduced: 'tax_fx.categories.reduced' };
export const STATUS_LABEL: Record<TRateStatus, string> = { past: 'tax_fx.statuses.past', in_force: 'tax_fx.statuses.in_force', scheduled: 'tax_fx.statuses.scheduled' };
