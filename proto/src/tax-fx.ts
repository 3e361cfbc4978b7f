/**
 * Issue 11, slice C1: tax rates with history, the standard USD→JPY rate, and the priced next
 * invoice (the plan-change preview's quote; the billing run prices invoices the same way).
 * Money is integer minor units beside its currency; tax rates are tenths of a percent (one decimal
 * place, spec §9) and travel as strings with one decimal ("10.0"); FX rates as decimal strings.
 */
import { z } from 'zod';
import { ZCurrency } from './plan-master.js';
import { ZRegion } from './enums.js';

/** standard, or reduced (Japan's 8 % for food and newspapers). */
export const TAX_CATEGORIES = ['standard', 'reduced'] as const;
export const ZTaxCategory = z.enum(TAX_CATEGORIES);
export type TTaxCategory = z.infer<typeof ZTaxCategory>;

/** The country a tax rate is for: the client's region (jpn, usa, ...; "other" for other overseas countries). */
export const ZTaxCountry = ZRegion;
export type TTaxCountry = z.infer<typeof ZTaxCountry>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const ZIsoDate = z.string().regex(ISO_DATE, { message: 'validation.date' });

/** A tax rate as typed: 0 to 100 with at most one decimal place ("10", "8.0", "7.5"). */
export const ZTaxRateText = z.string().trim()
  .regex(/^\d{1,3}(\.\d)?$/, { message: 'tax.rate_format' })
  .refine((v) => Number(v) <= 100, { message: 'tax.rate_range' });

/** A standard FX rate as typed: positive, up to 6 decimal places, below 100,000. */
export const ZFxRateText = z.string().trim()
  .regex(/^\d{1,5}(\.\d{1,6})?$/, { message: 'fx.rate_format' })
  .refine((v) => Number(v) > 0, { message: 'fx.rate_positive' });

/** The rounding of tax and FX amounts (once per invoice per rate; floor unless configured). */
export const ZRounding = z.enum(['floor', 'half_up', 'ceil']);

/** The standard rate an amount was converted at, with its time (printed on overseas invoices). */
export const ZAppliedFxRate = z.object({
  base: z.literal('USD'),
  quote: z.literal('JPY'),
  /** Yen per dollar, a plain decimal string ("150.25"). */
  rate: z.string(),
  /** When this standard rate took effect (ISO 8601 instant). */
  applies_at: z.string(),
});
export type TAppliedFxRate = z.infer<typeof ZAppliedFxRate>;

/** One tax rate's block of an invoice: the lines taxed at it and their tax, rounded once. */
export const ZPricedRate = z.object({
  /** "10.0" (one decimal place). */
  rate: z.string(),
  rate_tenths: z.number().int(),
  /** The categories taxed at this rate on this invoice (standard and reduced may coincide). */
  categories: z.array(ZTaxCategory),
  /** The date the rate applies from (its history row). */
  applies_from: z.string(),
  subtotal_minor: z.number().int(),
  tax_minor: z.number().int(),
});
export type TPricedRate = z.infer<typeof ZPricedRate>;

/**
 * A priced invoice: subtotals and tax per rate, totals in the display currency (JPY for jpn, USD
 * elsewhere), and the amount charged in yen with the FX rate and its time when they differ. C2's
 * invoices snapshot exactly this, so a past invoice keeps its rates.
 */
export const ZPricedInvoice = z.object({
  country: ZTaxCountry,
  invoice_date: z.string(),
  display_currency: ZCurrency,
  charge_currency: z.literal('JPY'),
  rounding: ZRounding,
  per_rate: z.array(ZPricedRate),
  subtotal_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  /** What the card or account is charged, in yen: the total itself for JPY, else the total converted at `fx`. */
  charge_total_minor: z.number().int(),
  fx: ZAppliedFxRate.nullable(),
});
export type TPricedInvoice = z.infer<typeof ZPricedInvoice>;
