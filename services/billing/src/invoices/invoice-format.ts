import { CURRENCY_EXPONENT, formatMinor } from '@portal/service-common/money';
import { formatDate, type TLanguage } from '@portal/proto';

/** An amount as the reader writes it ("¥1,100", "$12.34"), exact: Intl formats the decimal string. */
export function formatAmount(minor: number, currency: 'JPY' | 'USD', language: TLanguage | string): string {
  const digits = CURRENCY_EXPONENT[currency];
  return new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(formatMinor(minor, currency) as unknown as number);
}

/** A calendar day as the reader writes dates. */
export function formatDay(day: string, language: TLanguage): string {
  return formatDate(`${day}T12:00:00Z`, { language, timeZone: 'UTC' });
}

/** A billing month ("2026-12") as the reader writes it ("2026年12月", "December 2026"). */
export function formatMonth(month: string, language: TLanguage | string): string {
  return new Intl.DateTimeFormat(`${language}-u-ca-gregory-nu-latn`, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}
