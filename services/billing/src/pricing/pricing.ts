/**
 * Invoice pricing (issue 11, slice C1): pure, no database. Lines (amount excluding tax, currency,
 * tax category) + the client's country + the invoice date + the tax rates in force on that date +
 * the standard FX rate → subtotal and tax per rate, totals in the display currency and the yen
 * charged. The billing run (slice C2) and the plan-change preview's quote both price through here.
 */
import { REGION_PROFILES, type TCurrency, type TPricedInvoice, type TPricedRate, type TTaxCategory, type TTaxCountry } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { convert, formatRateTenths, normaliseDecimal, sumLines, taxPerRate, type TRounding } from '@portal/service-common/money';
import { ratesForInvoice, type RateTables } from '@portal/service-common/rates';

export interface PricingLine {
  /** Excluding tax, integer minor units of `currency`. */
  amount_minor: number;
  currency: TCurrency;
  tax_category: TTaxCategory;
}

/** A tax rate as the pricing needs it (a `tax_rates` row, or an invoice's snapshot of one). */
export interface PricingTaxRate {
  category: TTaxCategory;
  rate_tenths: number;
  applies_from: IsoDate;
}

/** A standard FX rate (USD→JPY) and the instant it took effect. */
export interface PricingFxRate {
  rate: string;
  applies_at: Date;
}

export interface PricingInput {
  country: TTaxCountry;
  invoice_date: IsoDate;
  lines: readonly PricingLine[];
  /** The rates in force for the country on the invoice date, one per category used by the lines. */
  tax_rates: readonly PricingTaxRate[];
  /** The standard rate in force at the invoice's rate instant (rates.ts); required unless the display currency is JPY. */
  fx_rate: PricingFxRate | null;
  rounding?: TRounding;
}

export type PricingErrorCode = 'currency_mismatch' | 'no_tax_rate' | 'rate_not_in_force' | 'no_fx_rate';

export class PricingError extends Error {
  override readonly name = 'PricingError';
  constructor(readonly code: PricingErrorCode, detail: string) {
    super(`${code}: ${detail}`);
  }
}

/** JPY for Japan, USD elsewhere (spec §1). */
export function displayCurrency(country: TTaxCountry): TCurrency {
  return REGION_PROFILES[country].currency;
}

export function priceInvoice(input: PricingInput): TPricedInvoice {
  const rounding = input.rounding ?? 'floor';
  const currency = displayCurrency(input.country);
  for (const line of input.lines) {
    if (line.currency !== currency) throw new PricingError('currency_mismatch', `${input.country} invoices are in ${currency}, a line is in ${line.currency}`);
  }
  const rateOf = new Map<TTaxCategory, PricingTaxRate>();
  for (const r of input.tax_rates) {
    if (r.applies_from > input.invoice_date) throw new PricingError('rate_not_in_force', `${r.category} rate applies from ${r.applies_from}, after ${input.invoice_date}`);
    rateOf.set(r.category, r);
  }
  // Group by rate, not by category: standard and reduced at the same rate are one block (qualified-invoice rule).
  const blocks = new Map<number, { categories: Set<TTaxCategory>; applies_from: IsoDate; lines: PricingLine[] }>();
  for (const line of input.lines) {
    const rate = rateOf.get(line.tax_category);
    if (!rate) throw new PricingError('no_tax_rate', `no ${line.tax_category} rate for ${input.country} on ${input.invoice_date}`);
    const block = blocks.get(rate.rate_tenths) ?? { categories: new Set(), applies_from: rate.applies_from, lines: [] };
    block.categories.add(line.tax_category);
    if (rate.applies_from > block.applies_from) block.applies_from = rate.applies_from;
    block.lines.push(line);
    blocks.set(rate.rate_tenths, block);
  }
  const per_rate: TPricedRate[] = [...blocks.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateTenths, block]) => ({
      rate: formatRateTenths(rateTenths),
      rate_tenths: rateTenths,
      categories: [...block.categories].sort(),
      applies_from: block.applies_from,
      subtotal_minor: sumLines(block.lines, currency).amount_minor,
      tax_minor: taxPerRate(block.lines, rateTenths, rounding, currency).amount_minor,
    }));
  const subtotal = per_rate.reduce((s, r) => s + r.subtotal_minor, 0);
  const tax = per_rate.reduce((s, r) => s + r.tax_minor, 0);
  const total = subtotal + tax;
  let charge = total;
  let fx: TPricedInvoice['fx'] = null;
  if (currency !== 'JPY') {
    if (!input.fx_rate) throw new PricingError('no_fx_rate', `no USD→JPY rate to charge a ${input.country} invoice`);
    const rate = normaliseDecimal(input.fx_rate.rate);
    // The yen charged is the displayed total converted once (not each line), so the two always agree.
    charge = convert(total, currency, 'JPY', rate, rounding);
    fx = { base: 'USD', quote: 'JPY', rate, applies_at: input.fx_rate.applies_at.toISOString() };
  }
  return {
    country: input.country, invoice_date: input.invoice_date, display_currency: currency, charge_currency: 'JPY', rounding,
    per_rate, subtotal_minor: subtotal, tax_minor: tax, total_minor: total, charge_total_minor: charge, fx,
  };
}

/**
 * Issue 23: prices an invoice from the rate tables with the one rule of services/common/src/rates.ts
 * (the rates in force at 00:00 JST on the invoice date). The quote, the /billing/list preview and
 * the billing run all price through here.
 */
export function priceWithTables(
  tables: RateTables<TTaxCountry, TTaxCategory>,
  input: Omit<PricingInput, 'tax_rates' | 'fx_rate'>,
): TPricedInvoice {
  const rates = ratesForInvoice(tables, input.country, input.invoice_date);
  return priceInvoice({
    ...input,
    tax_rates: rates.tax.map((r) => ({ category: r.category, rate_tenths: r.rate_tenths, applies_from: r.applies_from })),
    fx_rate: rates.fx,
  });
}
