import { z } from 'zod';
import { PLAN_MASTER_PACKAGE_IDS, PRODUCT_IDS, ZLanguage, ZProductId } from './enums.js';

// Slice B (issue 10): the plan master's vocabulary (spec §3 "Plan master"; docs/design/licence.md).

/** What a plan-master row is. The legacy scheme has six types; the newer scheme plan, option and initial_cost. */
export const PLAN_TYPES = ['plan', 'option', 'option_monthly', 'option_shot', 'initial_cost_plan', 'initial_cost_option', 'initial_cost'] as const;
export const ZPlanType = z.enum(PLAN_TYPES);
export type TPlanType = z.infer<typeof ZPlanType>;

export const PLAN_SCHEMES = ['legacy', 'current'] as const;
export const ZPlanScheme = z.enum(PLAN_SCHEMES);
export type TPlanScheme = z.infer<typeof ZPlanScheme>;
/** The types each scheme allows. */
export const PLAN_TYPES_BY_SCHEME: Record<TPlanScheme, readonly TPlanType[]> = {
  legacy: ['plan', 'option', 'option_monthly', 'option_shot', 'initial_cost_plan', 'initial_cost_option'],
  current: ['plan', 'option', 'initial_cost'],
};

/**
 * available; available_nodisplay (sold, not shown to clients); ccc_nouse (not handled by the billing
 * company); stopped; waiting_setup (created, not operable until its required information is saved).
 */
export const PLAN_STATUSES = ['available', 'available_nodisplay', 'ccc_nouse', 'stopped', 'waiting_setup'] as const;
export const ZPlanStatus = z.enum(PLAN_STATUSES);
export type TPlanStatus = z.infer<typeof ZPlanStatus>;

export const PLAN_CONTRACT_KINDS = ['monthly', 'single_month'] as const;
export const ZPlanContractKind = z.enum(PLAN_CONTRACT_KINDS);
export type TPlanContractKind = z.infer<typeof ZPlanContractKind>;

export const PLAN_BILLING_TYPES = ['fixed', 'metered'] as const;
export const ZPlanBillingType = z.enum(PLAN_BILLING_TYPES);
export type TPlanBillingType = z.infer<typeof ZPlanBillingType>;

/** contractable: a plan's options, an option's plans. exclusive: options that cannot be combined (stored both ways). */
export const PLAN_LINK_KINDS = ['contractable', 'exclusive'] as const;
export const ZPlanLinkKind = z.enum(PLAN_LINK_KINDS);
export type TPlanLinkKind = z.infer<typeof ZPlanLinkKind>;

export const CURRENCIES = ['JPY', 'USD'] as const;
export const ZCurrency = z.enum(CURRENCIES);
export type TCurrency = z.infer<typeof ZCurrency>;

/** What a plan-master row may belong to: a product, or a package's plan-master id. */
export const PLAN_PRODUCTS = [...PRODUCT_IDS, ...PLAN_MASTER_PACKAGE_IDS] as const;
export const ZPlanProduct = z.enum(PLAN_PRODUCTS);
export type TPlanProduct = z.infer<typeof ZPlanProduct>;

/** Kinds of row: what a type is for (plans carry options; options combine; initial costs are charged once). */
export type TPlanRole = 'plan' | 'option' | 'initial_cost';
export function planRole(type: TPlanType): TPlanRole {
  switch (type) {
    case 'plan': return 'plan';
    case 'option': case 'option_monthly': case 'option_shot': return 'option';
    case 'initial_cost_plan': case 'initial_cost_option': case 'initial_cost': return 'initial_cost';
    default: return type satisfies never;
  }
}

// ---- /v1 contracts (slice B) ----

const keyed = (key: string) => ({ message: key, params: { key } });
const ZLanguageText = (max: number) => z.partialRecord(ZLanguage, z.string().trim().max(max));
/** Operator-chosen ids: lower-case letters, digits and underscores (e.g. bownow_standard). */
export const ZPlanId = z.string().trim().min(1).refine((v) => /^[a-z0-9][a-z0-9_]{2,63}$/.test(v), keyed('plan.id_format'));
/** Amounts: integer minor units excluding tax (JPY has none; USD cents); at most 100,000,000 units. */
export const PLAN_AMOUNT_MAX = 100_000_000;
const ZAmount = z.number().int(keyed('plan.amount_invalid')).min(0, keyed('plan.amount_invalid')).max(PLAN_AMOUNT_MAX, keyed('plan.amount_invalid')).nullable();
const ZCount = z.number().int().min(0).max(2_000_000_000).nullable();

/** A plan-master row as the operator screens and the client flow see it. */
export const ZPlanView = z.object({
  id: z.string(),
  product: z.string(),
  name: z.record(z.string(), z.string()),
  type: ZPlanType,
  scheme: ZPlanScheme,
  status: ZPlanStatus,
  contract_kind: ZPlanContractKind,
  billing_type: ZPlanBillingType,
  amount_jpy: z.number().int().nullable(),
  amount_usd: z.number().int().nullable(),
  initial_cost_plan_id: z.string().nullable(),
  /** Issue 22, initial costs only: charged on every change to the plan it belongs to (else once per product). */
  per_plan: z.boolean(),
  unit_value: z.number().int().nullable(),
  unit: z.string().nullable(),
  range_lower: z.number().int().nullable(),
  range_upper: z.number().int().nullable(),
  explanation: z.record(z.string(), z.string()),
  /** Issue 22: the products a package plan grants (empty for any other row). */
  grants: z.array(ZProductId),
  sort_order: z.number().int(),
  contractable: z.array(z.string()),
  exclusive: z.array(z.string()),
  /** Contracts using it now (the contracts slice answers; 0 until it exists). */
  in_use: z.number().int(),
  /** False while waiting for setup: it cannot be sold, linked as an initial cost or offered. */
  operable: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type TPlanView = z.infer<typeof ZPlanView>;

export const ZPlanListQuery = z.object({
  product: ZPlanProduct.optional(),
  type: ZPlanType.optional(),
  status: ZPlanStatus.optional(),
});
export const ZPlanList = z.object({ plans: z.array(ZPlanView) });
export const ZPlanRef = z.object({ id: z.string().trim().min(1).max(64) });
export const ZPlanDetail = z.object({ plan: ZPlanView });

/** Every field of spec §3 "Plan master" an operator sets; cross-field rules are the service's (plan-master.rules.ts). */
export const ZPlanFields = z.object({
  product: ZPlanProduct,
  name: ZLanguageText(100),
  type: ZPlanType,
  scheme: ZPlanScheme.default('legacy'),
  status: ZPlanStatus,
  contract_kind: ZPlanContractKind,
  billing_type: ZPlanBillingType,
  amount_jpy: ZAmount.default(null),
  amount_usd: ZAmount.default(null),
  initial_cost_plan_id: z.string().trim().max(64).nullable().default(null).transform((v) => v || null),
  /** Issue 22: an initial cost charged on every change to its plan (only an initial cost may say so). */
  per_plan: z.boolean().default(false),
  unit_value: ZCount.default(null),
  unit: z.string().trim().max(40).nullable().default(null).transform((v) => v || null),
  range_lower: ZCount.default(null),
  range_upper: ZCount.default(null),
  explanation: ZLanguageText(2000).default({}),
  /**
   * Issue 22: the products a package plan grants (a package's plan only; plan-master.rules.ts):
   * a contract on it gives a live licence for each.
   */
  grants: z.array(ZProductId).max(PRODUCT_IDS.length).default([]),
  contractable: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
  exclusive: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
});
export type TPlanFields = z.output<typeof ZPlanFields>;
export const ZPlanCreate = ZPlanFields.extend({ id: ZPlanId });
export type TPlanCreate = z.output<typeof ZPlanCreate>;
export const ZPlanUpdate = ZPlanFields.extend({
  id: z.string().trim().min(1).max(64),
  /** The updated_at the form was loaded with: an edit since then is refused (plan.edited_meanwhile). */
  expected_updated_at: z.iso.datetime().optional(),
});
export type TPlanUpdate = z.output<typeof ZPlanUpdate>;
/** Display order of one product's rows, by drag and drop: every id of the product, in order. */
export const ZPlanOrder = z.object({ product: ZPlanProduct, ids: z.array(z.string().trim().min(1).max(64)).min(1).max(500) });
export const ZPlanOrdered = z.object({ product: z.string(), ids: z.array(z.string()) });

// The client flow (spec §7 /plan/base-list, /plan/option-list): amounts in the client's currency.
export const ZClientPlanItem = z.object({
  id: z.string(),
  name: z.string(),
  type: ZPlanType,
  contract_kind: ZPlanContractKind,
  billing_type: ZPlanBillingType,
  currency: ZCurrency,
  /** Minor units, excluding tax. */
  amount: z.number().int(),
  unit_value: z.number().int().nullable(),
  unit: z.string().nullable(),
  range_lower: z.number().int().nullable(),
  range_upper: z.number().int().nullable(),
  explanation: z.string(),
  initial_cost: z.object({ id: z.string(), name: z.string(), amount: z.number().int() }).nullable(),
  /** Options only: the options it cannot be combined with. */
  exclusive: z.array(z.string()),
  /** Issue 22: a package plan's products (each gets a live licence under the contract); empty otherwise. */
  grants: z.array(ZProductId),
});
export type TClientPlanItem = z.infer<typeof ZClientPlanItem>;
export const ZBaseListQuery = z.object({ product: ZPlanProduct });
export const ZBaseList = z.object({ product: z.string(), currency: ZCurrency, plans: z.array(ZClientPlanItem) });
export const ZOptionListQuery = z.object({ product: ZPlanProduct, plan_id: z.string().trim().min(1).max(64) });
export const ZOptionList = z.object({ product: z.string(), plan_id: z.string(), currency: ZCurrency, options: z.array(ZClientPlanItem) });
