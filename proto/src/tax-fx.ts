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

const keyed = (key: string) => ({ message: key, params: { key } });
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A tax rate as typed: 0 to 100 with at most one decimal place ("10", "8.0", "7.5"; spec §9). */
export const ZTaxRateText = z.string().trim().min(1)
  .refine((v) => /^\d{1,3}(\.\d)?$/.test(v), keyed('tax.rate_format'))
  .refine((v) => !/^\d{1,3}(\.\d)?$/.test(v) || Number(v) <= 100, keyed('tax.rate_range'));

/** A standard FX rate as typed: yen per dollar, positive, up to 6 decimal places, below 100,000. */
export const ZFxRateText = z.string().trim().min(1)
  .refine((v) => /^\d{1,5}(\.\d{1,6})?$/.test(v), keyed('fx.rate_format'))
  .refine((v) => !/^\d{1,5}(\.\d{1,6})?$/.test(v) || Number(v) > 0, keyed('fx.rate_format'));

export const ZTaxDate = z.string().trim().min(1).refine(validDate, keyed('tax.date_format'));

// ---- /v1/operator/tax_rates ----

/** When a row applies relative to today: past (superseded), in force, or scheduled (not yet). */
export const ZRateStatus = z.enum(['past', 'in_force', 'scheduled']);
export type TRateStatus = z.infer<typeof ZRateStatus>;

export const ZTaxRateView = z.object({
  id: z.string(),
  country: ZTaxCountry,
  category: ZTaxCategory,
  /** "10.0" (one decimal place). */
  rate: z.string(),
  applies_from: z.string(),
  status: ZRateStatus,
  created_at: z.string(),
});
export type TTaxRateView = z.infer<typeof ZTaxRateView>;

export const ZTaxRateListQuery = z.object({ country: ZTaxCountry.optional() });
/** Every country's rates with their history, newest first per country and category, and the business date they were judged on. */
export const ZTaxRateList = z.object({ today: z.string(), earliest_new: z.string(), rates: z.array(ZTaxRateView) });
export type TTaxRateList = z.infer<typeof ZTaxRateList>;

export const ZTaxRateCreate = z.object({
  country: ZTaxCountry,
  category: ZTaxCategory.default('standard'),
  rate: ZTaxRateText,
  applies_from: ZTaxDate,
});
export type TTaxRateCreate = z.infer<typeof ZTaxRateCreate>;

export const ZRateRef = z.object({ id: z.uuid() });
export const ZTaxRateCreated = z.object({ tax_rate: ZTaxRateView });
export const ZRateDeleted = z.object({ deleted: z.literal(true) });

// ---- /v1/operator/fx_rates ----

export const ZFxRateView = z.object({
  id: z.string(),
  base: z.literal('USD'),
  quote: z.literal('JPY'),
  rate: z.string(),
  /** When the rate took or takes effect (ISO 8601 instant). */
  applies_at: z.string(),
  status: ZRateStatus,
  created_at: z.string(),
});
export type TFxRateView = z.infer<typeof ZFxRateView>;
export const ZFxRateCreated = z.object({ fx_rate: ZFxRateView });

export const ZFxRateList = z.object({ current: ZFxRateView.nullable(), rates: z.array(ZFxRateView) });
export type TFxRateList = z.infer<typeof ZFxRateList>;

export const ZFxRateCreate = z.object({
  rate: ZFxRateText,
  /** When it takes effect; absent means now. Never in the past (docs/decisions.md, slice C1). */
  applies_at: z.iso.datetime({ offset: true }).optional(),
});
export type TFxRateCreate = z.infer<typeof ZFxRateCreate>;

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

// ---- internal: billing.invoice.quote (the plan-change preview's next invoice) ----

export const ZQuoteLine = z.object({
  /** Excluding tax, in the client's currency (minor units). */
  amount_minor: z.number().int(),
  currency: ZCurrency,
  tax_category: ZTaxCategory.default('standard'),
});
/** The lines of the next invoice and its date; the country is the caller's region (from the principal). */
export const ZInvoiceQuoteRequest = z.object({ invoice_date: ZTaxDate, lines: z.array(ZQuoteLine).max(200) });
export type TInvoiceQuoteRequest = z.input<typeof ZInvoiceQuoteRequest>;
export const ZInvoiceQuote = z.object({ invoice: ZPricedInvoice });
