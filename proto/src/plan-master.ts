import { z } from 'zod';
import { PLAN_MASTER_PACKAGE_IDS, PRODUCT_IDS } from './enums.js';

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
