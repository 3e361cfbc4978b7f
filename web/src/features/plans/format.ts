import type { TCurrency, TLanguage } from '@portal/proto';

/** An amount in minor units (JPY has none, USD cents) in the UI language, excluding tax. */
export function formatMoney(amount: number, currency: TCurrency, language: TLanguage): string {
  const major = currency === 'JPY' ? amount : amount / 100;
  return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency }).format(major);
}

/**
 * A business date the API answered (YYYY-MM-DD, already Asia/Tokyo) in the UI language. Only the
 * writing changes: the date is read as a calendar date, never converted to another zone.
 */
export function formatBusinessDate(date: string, language: TLanguage): string {
  const numeric = /^(ja|zh)/.test(language);
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, {
    timeZone: 'UTC', year: 'numeric', ...(numeric ? { month: '2-digit', day: '2-digit' } : { month: 'short', day: 'numeric' }),
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A business month the API answered (YYYY-MM) in the UI language ("January 2027", "2027年1月"). */
export function formatBusinessMonth(month: string, language: TLanguage): string {
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(new Date(`${month}-01T00:00:00Z`));
}
