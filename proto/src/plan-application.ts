import { z } from 'zod';
import { ZProductId, ZRegion } from './enums.js';
import { ZCurrency } from './plan-master.js';
// Issue 11, slice C1.
import { ZPricedInvoice } from './tax-fx.js';
// Issue 23: the lines of the cancellation's last invoice, as /billing/list shows the next one.
import { ZNextInvoiceLine } from './invoices.js';
// Issue 22: the payment state of the plan flow.
import { ZPaymentMethodKind } from './payment.js';
import { ZAgreedVersions } from './terms.js';
// Issue 23, item 3.
import { ZMeteredView } from './metered.js';

/**
 * Slice C of issue 10: contracts, plan application with corporate-number search, review, timing
 * and terms (spec §3 "Contract info for plan application", §4 "Licence review", "Plan change
 * flow", "Plan change timing", "Contract term", §5 "Plan application"). Dates are business dates
 * (Asia/Tokyo) computed by the licence service; the SPA shows them and never recomputes them.
 */

/**
 * A contract's state: waiting for review, applies from a later month, running, ending after a
 * cancellation, over, refused, or (issue 22) its application was withdrawn by the client.
 */
export const CONTRACT_STATUSES = ['reviewing', 'scheduled', 'active', 'cancelling', 'ended', 'rejected', 'withdrawn'] as const;
export const ZContractStatus = z.enum(CONTRACT_STATUSES);
export type TContractStatus = z.infer<typeof ZContractStatus>;


/** Contract info for plan application: personal or corporation (spec §3). */
export const CONTRACT_KINDS = ['personal', 'corporation'] as const;
export const ZContractKind = z.enum(CONTRACT_KINDS);
export type TContractKind = z.infer<typeof ZContractKind>;

/** Why the caller cannot apply for a plan now (each has a message `plan.refused.<reason>`). */
export const APPLY_REFUSALS = ['user_level', 'under_review', 'rejected'] as const;
export const ZApplyRefusal = z.enum(APPLY_REFUSALS);
export type TApplyRefusal = z.infer<typeof ZApplyRefusal>;

const ZIsoDate = z.iso.date();
const ZPlanId = z.string().trim().min(1).max(64);

export const ZContractItem = z.object({
  plan_id: z.string(),
  /** plan | option | option_monthly | option_shot | initial_cost_plan | initial_cost_option | initial_cost */
  type: z.string(),
  /** In the request's language, or by the one fallback rule (proto texts.ts: English outside Japan, never Japanese). */
  name: z.string(),
  amount: z.number().int(),
  /**
   * Issue 22: an initial cost the operator marked per plan (charged on every change to this plan,
   * not once per product); shown as its own, explained line.
   */
  per_plan: z.boolean().optional(),
  /**
   * Issue 23, item 3: a metered item (billed by usage, in arrears): `amount` is per billing unit;
   * the month's usage so far and its projected amount (POST /plan/apply_info, GET /plan/client-list).
   */
  metered: ZMeteredView.optional(),
  /**
   * Issue 23: the item bills by usage (a metered plan master row whose unit a usage metric counts):
   * it is no monthly fee, so it counts in neither `monthly_amount` (nor the penalty it prices) nor
   * the first invoice; its usage is billed in arrears.
   */
  by_usage: z.boolean().optional(),
});
export type TContractItem = z.infer<typeof ZContractItem>;

/**
 * Issue 23: the invoice of the month a cancelled contract ends: its last regular lines and the
 * penalty (with its period to the minimum term's end and its months), priced with tax by billing
 * (null when billing cannot price it).
 */
export const ZCancelLastInvoice = z.object({
  month: z.string(),
  billing_date: ZIsoDate,
  lines: z.array(ZNextInvoiceLine),
  invoice: ZPricedInvoice.nullable(),
});
export type TCancelLastInvoice = z.infer<typeof ZCancelLastInvoice>;

/** What ending a contract now would mean (the cancellation rules of spec §4). */
export const ZCancelPreview = z.object({
  ends_on: ZIsoDate,
  penalty_months: z.number().int(),
  penalty_amount: z.number().int(),
  /** Issue 23: on GET /plan/client-list, the cancellation's last invoice with tax. */
  last_invoice: ZCancelLastInvoice.nullable().optional(),
});

export const ZContractView = z.object({
  id: z.string(),
  product: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  status: ZContractStatus,
  currency: ZCurrency,
  monthly_amount: z.number().int(),
  effective_from: ZIsoDate,
  billing_start: ZIsoDate.nullable(),
  minimum_term_end: ZIsoDate.nullable(),
  ends_on: ZIsoDate.nullable(),
  cancel_filed_at: z.iso.datetime().nullable(),
  penalty_months: z.number().int(),
  items: z.array(ZContractItem),
  /** Issue 22: a package contract's products (each live under it); empty for a product's contract. */
  grants: z.array(ZProductId),
  /** Set while the contract can be cancelled (scheduled or active, not yet cancelled). */
  cancel_preview: ZCancelPreview.nullable(),
});
export type TContractView = z.infer<typeof ZContractView>;

/** Issue 22: the kinds of line the first invoice of a change carries. */
export const FIRST_INVOICE_LINE_KINDS = ['plan', 'option_monthly', 'option_shot', 'initial_cost', 'initial_cost_per_plan', 'penalty'] as const;
/** Issue 22: the first invoice a change is billed on (the billing run of its month; billing date = the month's last day). */
export const ZFirstInvoice = z.object({
  /** YYYY-MM */
  month: z.string(),
  billing_date: ZIsoDate,
  lines: z.array(z.object({
    kind: z.enum(FIRST_INVOICE_LINE_KINDS),
    name: z.string(),
    /** Per unit (a month, for the penalty), excluding tax, minor units. */
    amount: z.number().int(),
    quantity: z.number().int(),
  })),
});
export type TFirstInvoice = z.infer<typeof ZFirstInvoice>;

/** Whether the caller may apply for a plan now, and if not why (spec §4, §6, §8 "Plans"). */
export const ZApplyEligibility = z.object({
  allowed: z.boolean(),
  /** May apply for a paid plan (false while reviewing or after a rejection). */
  paid_allowed: z.boolean(),
  reason: ZApplyRefusal.nullable(),
});
export type TApplyEligibility = z.infer<typeof ZApplyEligibility>;

/**
 * Issue 22: a free trial of the client (running, or over but bridged to a paid plan applied for
 * during it). `trial_ends_on` is the trial's last day (the client's region calendar).
 */
export const ZTrialView = z.object({
  product: z.string(),
  trial_ends_on: ZIsoDate,
  /** The first day of a paid plan applied for during the trial (Tokyo): the product stays usable until then. */
  paid_from: ZIsoDate.nullable(),
});
export type TTrialView = z.infer<typeof ZTrialView>;

/** Issue 22: the client's application waiting for review, which its owner may withdraw. */
export const ZPendingApplication = z.object({
  id: z.string(),
  product: z.string(),
  plan_name: z.string(),
  currency: ZCurrency,
  monthly_amount: z.number().int(),
  effective_from: ZIsoDate,
  created_at: z.iso.datetime(),
});
export type TPendingApplication = z.infer<typeof ZPendingApplication>;

/** GET /v1/plan/client-list: the client's contracts and where its application stands. */
export const ZClientContracts = z.object({
  contracts: z.array(ZContractView),
  licence_state: z.enum(['normal', 'reviewing', 'rejected']),
  eligibility: ZApplyEligibility,
  /** The latest application's refusal reason, when the client was rejected. */
  rejection_reason: z.string().nullable(),
  // Issue 22: running trials with their last day, and the application under review.
  trials: z.array(ZTrialView),
  pending_application: ZPendingApplication.nullable(),
});
export type TClientContracts = z.infer<typeof ZClientContracts>;

/** GET /v1/plan/modify_check. */
export const ZModifyCheck = ZApplyEligibility;

/** POST /v1/plan/corporateNumberSearch: search the directory by corporate name. */
export const ZCorporateSearchRequest = z.object({ corporate_name: z.string().trim().min(1).max(150) });
export const ZCorporateCandidate = z.object({ corporate_number: z.string(), name: z.string(), location: z.string() });
export type TCorporateCandidate = z.infer<typeof ZCorporateCandidate>;
/** One search: the application names it by `search_id` and takes a candidate of it. */
export const ZCorporateSearchResult = z.object({ search_id: z.string(), total: z.number().int(), candidates: z.array(ZCorporateCandidate) });
export type TCorporateSearchResult = z.infer<typeof ZCorporateSearchResult>;

/**
 * Contract info (spec §5): a corporation's name, number and location come from a candidate of a
 * search of this client (fixed until searched again: the server takes them from the search and
 * refuses a number the search did not answer); the representative is required.
 */
export const ZContractInfo = z.object({
  contract_kind: ZContractKind,
  /** A personal contract's name (the trade or person name); a corporation's comes from the search. */
  corporate_name: z.string().trim().min(1).max(150),
  search_id: z.uuid().optional(),
  corporate_number: z.string().trim().max(13).optional(),
  representative: z.string().trim().min(1).max(100),
});
export type TContractInfo = z.infer<typeof ZContractInfo>;
/** GET /v1/plan/contractinfo: what the form starts from (the company's information). */
export const ZContractInfoView = z.object({
  contract_kind: ZContractKind,
  corporate_name: z.string(),
  corporate_number: z.string(),
  location: z.string(),
  representative: z.string(),
  /** A corporate number is Japanese: overseas clients apply as they are, without a search. */
  search_available: z.boolean(),
});
export type TContractInfoView = z.infer<typeof ZContractInfoView>;
/** GET /v1/plan/check_plan_contractinfo: the contract info as it will be applied (name, number, location from the search). */
export const ZContractInfoChecked = z.object({
  contract_kind: ZContractKind,
  corporate_name: z.string(),
  corporate_number: z.string(),
  location: z.string(),
  representative: z.string(),
});
export type TContractInfoChecked = z.infer<typeof ZContractInfoChecked>;

/** The plan and options chosen (spec §5: a plan must be chosen when products are chosen). */
export const ZPlanChoice = z.object({
  product: z.string().trim().min(1).max(32),
  plan_id: ZPlanId,
  option_ids: z.array(ZPlanId).max(20).default([]),
});
export type TPlanChoice = z.infer<typeof ZPlanChoice>;

/** POST /v1/plan/apply_info: the preview before confirming (timing and terms; beyond the spec). */
export const ZApplyPreview = z.object({
  product: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  currency: ZCurrency,
  items: z.array(ZContractItem),
  /** Issue 22: the products a package plan grants (empty for a product's plan). */
  grants: z.array(ZProductId),
  /** Plan plus monthly options, per month, excluding tax. */
  monthly_amount: z.number().int(),
  /** Single-month options and initial costs, charged once. */
  one_time_amount: z.number().int(),
  /** A paid plan is reviewed by the operator before it applies. */
  review_required: z.boolean(),
  effective_from: ZIsoDate,
  billing_start: ZIsoDate.nullable(),
  minimum_term_end: ZIsoDate.nullable(),
  /** The current contract of the product this replaces, and when it ends. */
  replaces: z.object({ contract_id: z.string(), plan_name: z.string(), ends_on: ZIsoDate }).nullable(),
  penalty_months: z.number().int(),
  penalty_amount: z.number().int(),
  /**
   * Issue 22: the payment step is needed first: the plan is paid, the reseller does not bill the
   * client, and billing info or a usable method is missing (as GET /plan/billingPayment says).
   */
  payment_required: z.boolean(),
  // Issue 11, slice C1: the next invoice with tax and FX (POST /plan/apply_info only; null when nothing is billed or billing cannot price it).
  next_invoice: ZPricedInvoice.nullable().optional(),
  // ---- Issue 22, honest checkout (POST /plan/apply_info only) ----
  /** The first invoice carrying this change's charges: its month, billing date and lines (priced with tax in `next_invoice`). */
  first_invoice: ZFirstInvoice.nullable().optional(),
  /**
   * What cancelling on the day of the application would mean once the contract is allowed: its
   * last day and the remaining months of the minimum term billed at the monthly amount. The same
   * rule as the contract's cancel dialog (`cancel_preview` of GET /plan/client-list).
   */
  cancel_preview: ZCancelPreview.nullable().optional(),
  /** A paid plan applies from `effective_from` when the review is completed by this day (the 25th rule); later, a month later. */
  review_deadline: ZIsoDate.nullable().optional(),
  /** Initial costs not charged again: the client changes plan within a product it already pays for. */
  waived_initial_costs: z.array(ZContractItem).optional(),
});
export type TApplyPreview = z.infer<typeof ZApplyPreview>;

/** POST /v1/plan/apply: plan, options, contract info and the agreements. */
export const ZApplyRequest = ZPlanChoice.extend({
  contract: ZContractInfo,
  terms_agreed: z.literal(true),
  privacy_agreed: z.literal(true),
  ...ZAgreedVersions,
});
export type TApplyRequest = z.infer<typeof ZApplyRequest>;
export const ZApplyResult = z.object({
  application_id: z.string(),
  /** reviewing: a paid plan waits for the operator (/plan/complete_reviewing); applied: done (/plan/complete). */
  status: z.enum(['reviewing', 'applied']),
  preview: ZApplyPreview,
});

/**
 * GET /v1/plan/billingPayment and GET /v1/plan/check_plan_billing_payment (issue 22): the client's
 * billing and payment state as billing holds it now. A method is usable when it is a registered
 * card that has not expired, or in Japan a confirmed bank transfer or direct debit (a request not
 * yet confirmed is not a method). A client under a reseller contract is billed by its reseller.
 */
export const ZBillingPaymentState = z.object({
  /** A paid plan needs the payment step first: billing info or a usable method is missing, and the reseller does not bill it. */
  payment_required: z.boolean(),
  /** Billing info and a usable payment method are on file. */
  registered: z.boolean(),
  /** Billing info (company, address, email) is on file. */
  billing_info: z.boolean(),
  /** The usable method on file: its kind and the card's masked number or the bank's name. */
  payment_method: z.object({ method: ZPaymentMethodKind, label: z.string() }).nullable(),
  /** The client is billed by its reseller (contract type reseller): no payment info is asked of it. */
  billed_by_reseller: z.boolean(),
});
export type TBillingPaymentState = z.infer<typeof ZBillingPaymentState>;
/** What the client still lacks before a paid plan can be confirmed (empty: nothing). */
export const BILLING_PAYMENT_MISSING = ['billing_info', 'payment_method'] as const;
export const ZBillingPaymentCheck = z.object({
  /** The paid plan may be confirmed now (nothing is missing, or the reseller bills the client). */
  ok: z.boolean(),
  missing: z.array(z.enum(BILLING_PAYMENT_MISSING)),
  billed_by_reseller: z.boolean(),
});
export type TBillingPaymentCheck = z.infer<typeof ZBillingPaymentCheck>;

/**
 * Internal (licence → billing): a client's billing info and usable payment method. A client
 * principal learns only its own (the fields are ignored); an operator names the client (issue 22:
 * the allow action checks the method is still there).
 */
export const ZPaymentStandingQuery = z.object({ client_uuid: z.uuid().optional(), region: ZRegion.optional() });
export const ZPaymentStanding = z.object({
  billing_info: z.boolean(),
  payment_method: z.object({ method: ZPaymentMethodKind, label: z.string() }).nullable(),
});
export type TPaymentStanding = z.infer<typeof ZPaymentStanding>;

/** POST /v1/plan/cancel: cancel a contract by the rules of spec §4. */
export const ZCancelRequest = z.object({ contract_id: z.uuid() });

/** Issue 22, POST /v1/plan/withdraw: the client withdraws its application under review. */
export const ZWithdrawRequest = z.object({ application_id: z.uuid() });
export const ZWithdrawResult = z.object({ application_id: z.string(), status: z.literal('withdrawn') });

/** Operator: applications to review (spec §4 "Licence review"), every region merged. */
export const PLAN_APPLICATION_STATUSES = ['reviewing', 'allowed', 'rejected', 'applied',
  // Issue 22: withdrawn by the client before the review.
  'withdrawn',
] as const;
export const ZPlanApplicationStatus = z.enum(PLAN_APPLICATION_STATUSES);
export const ZPlanApplicationQuery = z.object({
  status: ZPlanApplicationStatus.default('reviewing'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZPlanApplicationRow = z.object({
  id: z.string(),
  region: ZRegion,
  client_uuid: z.string(),
  company_name: z.string(),
  product: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  option_ids: z.array(z.string()),
  currency: ZCurrency,
  monthly_amount: z.number().int(),
  effective_from: ZIsoDate,
  contract_kind: ZContractKind,
  corporate_name: z.string(),
  corporate_number: z.string(),
  location: z.string(),
  representative: z.string(),
  applicant_name: z.string(),
  status: ZPlanApplicationStatus,
  reason: z.string().nullable(),
  created_at: z.iso.datetime(),
  reviewed_at: z.iso.datetime().nullable(),
});
export type TPlanApplicationRow = z.infer<typeof ZPlanApplicationRow>;
export const ZPlanApplicationList = z.object({ applications: z.array(ZPlanApplicationRow), total: z.number().int() });
export const ZPlanApplicationRef = z.object({ id: z.uuid(), region: ZRegion });
/**
 * Issue 25 point 2: what allowing an application will do, before the operator confirms: the plan
 * the client has now for the product (none for a first paid plan) and the one applied for, with
 * their monthly prices excluding tax, the date the change takes effect if allowed today, and the
 * refusal an allowance would meet (no billing info or usable method), if any. Nothing is written.
 */
export const ZPlanApplicationPreview = z.object({
  application: ZPlanApplicationRow,
  current: z.object({ plan_name: z.string(), monthly_amount: z.number().int(), currency: ZCurrency }).nullable(),
  effective_from: ZIsoDate,
  refusal: z.string().nullable(),
});
export type TPlanApplicationPreview = z.infer<typeof ZPlanApplicationPreview>;
export const ZPlanApplicationReject = ZPlanApplicationRef.extend({ reason: z.string().trim().min(1).max(500) });
