import type { TCurrency, TLanguage } from '@portal/proto';

/** An amount in minor units (JPY has none, USD cents) in the UI language. */
export function formatMoney(amount: number, currency: TCurrency, language: TLanguage): string {
  const digits = currency === 'JPY' ? 0 : 2;
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  // The decimal as a string: Intl formats it exactly (no float division).
  const decimal = digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
  return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(decimal as unknown as number);
}

/** A business date (YYYY-MM-DD, Asia/Tokyo) in the UI language, read as a calendar date. */
export function formatBusinessDate(date: string, language: TLanguage): string {
  const numeric = /^(ja|zh)/.test(language);
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, {
    timeZone: 'UTC', year: 'numeric', ...(numeric ? { month: '2-digit', day: '2-digit' } : { month: 'short', day: 'numeric' }),
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A billing month (YYYY-MM) in the UI language ("2027年1月", "January 2027"). */
export function formatMonth(month: string, language: TLanguage): string {
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory`, { timeZone: 'UTC', year: 'numeric', month: 'long' }).format(new Date(`${month}-15T00:00:00Z`));
}
