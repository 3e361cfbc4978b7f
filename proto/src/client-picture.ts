import { z } from 'zod';
import { ZClientRef } from './backoffice-clients.js';
import { ZBillingInfo } from './billing-info.js';
import { ZCompanyUpdate } from './company.js';
import { ZAccountStatus, ZAuthority, ZInvoiceStatus, type TLanguage } from './enums.js';
import { ZLicenceKind } from './licences.js';
import { ZContractStatus } from './plan-application.js';
import { ZCurrency } from './plan-master.js';

/**
 * Issue 25, point 5: the client's whole picture on the operator's (and partner's) client info
 * page. Each section is its own /v1 call, answered by the service that owns its data, so one
 * service down leaves the other sections working (routes: proto/src/routes/client-picture.ts).
 */

const ZIsoDate = z.iso.date();

// ---- accounts (identity) ----

/** One account of the client, in an operator's or partner's eyes. */
export const ZClientAccountRow = z.object({
  uuid: z.uuid(),
  family_name: z.string(),
  given_name: z.string(),
  email: z.string(),
  authority: ZAuthority.nullable(),
  /** As of now: an invitation without a live link reads expired. */
  status: ZAccountStatus,
  /** Locked by repeated failed logins (until the lock runs out or an operator unlocks it). */
  locked: z.boolean(),
  /** Browsers remembered after an emailed login code (what an MFA reset forgets). */
  trusted_browsers: z.number().int(),
});
export type TClientAccountRow = z.infer<typeof ZClientAccountRow>;

export const ZClientAccounts = z.object({
  accounts: z.array(ZClientAccountRow),
  /** The client's email authentication at login (its system setting). */
  mfa_enabled: z.boolean(),
  /** Whether the caller may act on the accounts (operators; partners see them only). */
  actions: z.boolean(),
});
export type TClientAccounts = z.infer<typeof ZClientAccounts>;

/** One account of one client, for resend invitation, unlock and MFA reset. */
export const ZClientAccountRef = ZClientRef.extend({ account_uuid: z.uuid() });
export type TClientAccountRef = z.infer<typeof ZClientAccountRef>;

// ---- licences, trials and contracts (licence) ----

export const ZClientLicenceRow = z.object({
  product: z.string(),
  kind: ZLicenceKind,
  /** Business dates (Asia/Tokyo). */
  started_on: ZIsoDate,
  trial_ends_on: ZIsoDate.nullable(),
  ended_on: ZIsoDate.nullable(),
});
export type TClientLicenceRow = z.infer<typeof ZClientLicenceRow>;

export const ZClientContractRow = z.object({
  id: z.string(),
  product: z.string(),
  plan_name: z.string(),
  status: ZContractStatus,
  currency: ZCurrency,
  monthly_amount: z.number().int(),
  effective_from: ZIsoDate,
  billing_start: ZIsoDate.nullable(),
  minimum_term_end: ZIsoDate.nullable(),
  ends_on: ZIsoDate.nullable(),
  /** The contract's options, by display name. */
  options: z.array(z.string()),
});
export type TClientContractRow = z.infer<typeof ZClientContractRow>;

export const ZClientLicences = z.object({
  licences: z.array(ZClientLicenceRow),
  contracts: z.array(ZClientContractRow),
});
export type TClientLicences = z.infer<typeof ZClientLicences>;

// ---- invoices, failed charges, next billing date (billing) ----

/**
 * Why a card charge failed, in words an operator can act on (the gateway's decline codes, GMO
 * `42G…`, grouped; never card data).
 */
export const CHARGE_DECLINE_REASONS = ['insufficient_funds', 'card_unusable', 'card_expired', 'card_details', 'no_card', 'gateway_error', 'declined'] as const;
export type TChargeDeclineReason = (typeof CHARGE_DECLINE_REASONS)[number];

const DECLINE_GROUPS: Readonly<Record<string, TChargeDeclineReason>> = {
  '42G02': 'insufficient_funds', '42G03': 'insufficient_funds', '42G04': 'insufficient_funds', '42G05': 'insufficient_funds', '42G55': 'insufficient_funds',
  '42G12': 'card_unusable', '42G22': 'card_unusable', '42G30': 'card_unusable', '42G56': 'card_unusable', '42G60': 'card_unusable', '42G61': 'card_unusable',
  '42G83': 'card_expired',
  '42G42': 'card_details', '42G44': 'card_details', '42G65': 'card_details', '42G84': 'card_details',
};

/** The reason words of a stored charge error (null when no charge failed). */
export function chargeDeclineReason(code: string | null | undefined): TChargeDeclineReason | null {
  if (!code) return null;
  if (code === 'no_card') return 'no_card';
  if (code.startsWith('42G')) return DECLINE_GROUPS[code.slice(0, 5)] ?? 'declined';
  return 'gateway_error';
}

export const ZClientInvoiceRow = z.object({
  id: z.uuid(),
  number: z.string(),
  month: z.string(),
  issued_on: ZIsoDate,
  billing_date: ZIsoDate,
  total_minor: z.number().int(),
  currency: ZCurrency,
  status: ZInvoiceStatus,
  charge_attempts: z.number().int(),
  decline_reason: z.enum(CHARGE_DECLINE_REASONS).nullable(),
  next_charge_on: ZIsoDate.nullable(),
});
export type TClientInvoiceRow = z.infer<typeof ZClientInvoiceRow>;

export const ZClientBillingOverview = z.object({
  /** The newest invoices first (at most 24). */
  invoices: z.array(ZClientInvoiceRow),
  /** The next invoice's billing date and month (the billing schedule), or null when nothing bills. */
  next_billing_date: ZIsoDate.nullable(),
  next_invoice_month: z.string().nullable(),
});
export type TClientBillingOverview = z.infer<typeof ZClientBillingOverview>;

export const ZClientInvoiceRef = ZClientRef.extend({ id: z.uuid() });

// ---- company and billing info edited on the client's behalf (issue 25, point 5) ----

/**
 * What an operator may change of a client's company information on its behalf: the company's
 * particulars, with the client's own rules (ZCompanyUpdate's fields and checks). The logo and the
 * registration survey (the registrant's position and division, industry, size, budget) stay the
 * client's own (docs/decisions.md, "Company and billing info on the client's behalf").
 */
export const ON_BEHALF_COMPANY_FIELDS = ['company_name', 'phone', 'postal_code', 'location', 'address', 'representative', 'corporate_number'] as const;
export const ZClientCompanyOnBehalf = ZClientRef.extend(ZCompanyUpdate.pick({
  company_name: true, phone: true, postal_code: true, location: true, address: true, representative: true, corporate_number: true,
}).shape);
export type TClientCompanyOnBehalf = z.infer<typeof ZClientCompanyOnBehalf>;

/** The client's billing information, changed on its behalf: the client's own form and rules (billingInfoSchema by the client's region). */
export const ZClientBillingInfoOnBehalf = ZClientRef.extend(ZBillingInfo.shape);
export type TClientBillingInfoOnBehalf = z.infer<typeof ZClientBillingInfoOnBehalf>;

/**
 * The client's active owners, whom a change on its behalf is mailed to (services/common on-behalf.ts
 * reads them through identity's internal clientOwners, the route billing's payment-method mail uses).
 */
export interface TOnBehalfOwners { company: string; owners: { email: string; language: TLanguage; name: string }[] }
