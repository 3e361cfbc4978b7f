/**
 * Issue 23, item 1: one rule for the rates of an invoice, written once. The tax rates and the
 * standard FX rate of an invoice are those in force at its **rate instant**: 00:00 Asia/Tokyo on
 * its **invoice date**, for every line of the invoice. Month M's invoice is dated the first of M,
 * the day its billing run is due (fixed fees in advance), whenever the run actually works it (on
 * time, days late, or resumed after a failure). The quote, the /billing/list preview, the billing
 * run and the invoice (and so its PDF, which prints the invoice's snapshot) all ask this module.
 * Pure: the caller reads the rate tables; nothing here reads a clock or a database.
 */
import { addDays, type IsoDate } from './business-dates.js';

/** A row of a tax-rate history: in force for its country and category from `applies_from` until the next row. */
export interface TaxRateRow<C extends string = string, K extends string = string> {
  country: C;
  category: K;
  rate_tenths: number;
  applies_from: IsoDate;
}

/** A row of the standard FX history (USD→JPY): in force from `applies_at` until the next row. */
export interface FxRateRow {
  rate: string;
  applies_at: Date;
}

export interface RateTables<C extends string = string, K extends string = string> {
  tax: readonly TaxRateRow<C, K>[];
  fx: readonly FxRateRow[];
}

export interface RatesInForce<C extends string = string, K extends string = string> {
  invoice_date: IsoDate;
  /** 00:00 Asia/Tokyo on the invoice date. */
  rate_instant: Date;
  /** One row per category the country has at the rate instant (a category without a row yet is absent). */
  tax: TaxRateRow<C, K>[];
  /** The standard rate in force at the rate instant, or null before the first one. */
  fx: FxRateRow | null;
}

/** The invoice date of month M's invoice (YYYY-MM): the first of M, the day its billing run is due. */
export function invoiceDateOf(month: string): IsoDate {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`not a month: ${month}`);
  return `${month}-01`;
}

/** The rate instant of an invoice date: its start in Asia/Tokyo (no daylight saving there). */
export function rateInstant(invoiceDate: IsoDate): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(invoiceDate)) throw new RangeError(`not a date: ${invoiceDate}`);
  return new Date(`${invoiceDate}T00:00:00+09:00`);
}

/** The history row in force on a date: the latest applying on or before it (null before the first). */
export function rateInForce<T extends { applies_from: IsoDate }>(history: readonly T[], date: IsoDate): T | null {
  let best: T | null = null;
  for (const row of history) if (row.applies_from <= date && (!best || row.applies_from > best.applies_from)) best = row;
  return best;
}

/** The standard FX rate in force at an instant: the latest taking effect at or before it. */
export function fxInForce<T extends { applies_at: Date }>(history: readonly T[], at: Date): T | null {
  let best: T | null = null;
  for (const row of history) if (row.applies_at <= at && (!best || row.applies_at > best.applies_at)) best = row;
  return best;
}

/**
 * The rates of an invoice of `country` dated `invoiceDate`: per tax category the rate applying on
 * that date (tax rates start on a date, so the one in force at 00:00 JST), and the standard FX rate
 * in force at 00:00 JST that day. No "now" goes in: a run on the 1st, a run weeks late and a run
 * resumed the next day price the same invoice alike.
 */
export function ratesForInvoice<C extends string, K extends string>(tables: RateTables<C, K>, country: C, invoiceDate: IsoDate): RatesInForce<C, K> {
  const instant = rateInstant(invoiceDate);
  const byCategory = new Map<K, TaxRateRow<C, K>[]>();
  for (const row of tables.tax) {
    if (row.country !== country) continue;
    byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  }
  const tax: TaxRateRow<C, K>[] = [];
  for (const [, rows] of [...byCategory.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const row = rateInForce(rows, invoiceDate);
    if (row) tax.push(row);
  }
  return { invoice_date: invoiceDate, rate_instant: instant, tax, fx: fxInForce(tables.fx, instant) };
}

/**
 * The earliest date a new tax rate may apply from, and the earliest instant a new FX rate may take
 * effect, so that no invoice already issued could change: an invoice issued today is dated today
 * or earlier (a run works its month on the 1st or later), so a rate from tomorrow never reaches it.
 */
export function earliestNewTaxDate(today: IsoDate): IsoDate {
  return addDays(today, 1);
}
