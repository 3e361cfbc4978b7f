import {
  isPackage, localizedText, type TApplyEligibility, type TApplyPreview, type TContractItem, type TContractStatus, type TCurrency, type TFirstInvoice, type TLevel,
  type TMessageRef, type TPlanChoice, type TProductId, type TRegion,
} from '@portal/proto';
import {
  addDays, businessDate, cancellationEndsOn, changeEffectiveFrom, invoiceBillingDate, minimumTermEnd, monthOf, penaltyMonths, type IsoDate,
} from '@portal/service-common/business-dates';
import { grantsNotOffered } from '../plan-master/plan-master.rules.js';

/**
 * Rules of plan application, review and contract terms that need no database (spec §4, §5, §6;
 * docs/design/licence.md). Dates come from services/common/src/business-dates.ts (Asia/Tokyo).
 */

/** A plan-master row as these rules need it (B's `plans`, read through PlanCatalogue). */
export interface CataloguePlan {
  id: string;
  product: string;
  name: Record<string, string>;
  type: string;
  status: string;
  amountJpy: number | null;
  amountUsd: number | null;
  initialCostPlanId: string | null;
  /** Issue 22: a package plan's products. */
  grants: string[];
  /** Issue 22, initial costs only: charged on every change to its plan (else once per product). */
  perPlan?: boolean;
  /** Issue 23: bills by usage (metered in a unit a usage metric counts): no monthly fee (item-meters.ts billsByUsage). */
  byUsage?: boolean;
}
export interface CatalogueLink { planId: string; otherId: string; kind: string }

/** Statuses a client may apply for (stopped and waiting-for-setup rows cannot be operated). */
const APPLICABLE = new Set(['available', 'available_nodisplay', 'ccc_nouse']);
const PLAN_TYPES = new Set(['plan']);
const OPTION_TYPES = new Set(['option', 'option_monthly', 'option_shot']);
/** Charged every month; the others (single-month options, initial costs) once. */
const MONTHLY_TYPES = new Set(['plan', 'option', 'option_monthly']);
const INITIAL_COST_TYPES = new Set(['initial_cost_plan', 'initial_cost_option', 'initial_cost']);

/** JPY for jpn, USD elsewhere (spec §9). */
export function currencyOf(region: TRegion | string): TCurrency {
  return region === 'jpn' ? 'JPY' : 'USD';
}

/**
 * A plan-master name (or a contract item's snapshot of one) for a customer reading `language` in
 * `region`: proto's one fallback rule (English outside Japan, never Japanese), else the id.
 */
export function planName(plan: Pick<CataloguePlan, 'id' | 'name'>, language: string, region: TRegion | string): string {
  return localizedText(plan.name, language, region) ?? plan.id;
}

/**
 * Issue 22: whether a package plan cannot be sold in the region: the region does not offer the
 * package or a product it grants, or it grants nothing (nothing to sell). Not a package: false.
 */
export function packageUnsold(plan: Pick<CataloguePlan, 'product' | 'grants'>, region: TRegion): boolean {
  if (!isPackage(plan.product)) return false;
  return plan.grants.length === 0 || grantsNotOffered(plan.product, plan.grants, region).length > 0;
}

/**
 * Who may apply (spec §4, §6, §8): the owner only. Users (level 9) never; admins (level 6) neither
 * (issue 22): spec §6 lets only level 3 confirm, so an admin who walked the wizard ended on a 404;
 * it is refused at the start with the users' explanation. Nobody while an application is under
 * review; a rejected client only for a free plan.
 */
export function applyEligibility(level: TLevel, licenceType: string): TApplyEligibility {
  if (level !== 3) return { allowed: false, paid_allowed: false, reason: 'user_level' };
  if (licenceType === 'reviewing') return { allowed: false, paid_allowed: false, reason: 'under_review' };
  if (licenceType === 'rejected') return { allowed: true, paid_allowed: false, reason: 'rejected' };
  return { allowed: true, paid_allowed: true, reason: null };
}

/** The message of a refusal (each is spelled out so that the catalogue test sees it used). */
export function refusalMessage(reason: NonNullable<TApplyEligibility['reason']>): string {
  switch (reason) {
    case 'user_level': return 'plan.user_level';
    case 'under_review': return 'plan.under_review';
    case 'rejected': return 'plan.rejected';
    default: return reason satisfies never;
  }
}

export interface ValidChoice {
  plan: CataloguePlan;
  options: CataloguePlan[];
  items: TContractItem[];
  /** Issue 22: a package plan's products, each live under the contract (empty for a product's plan). */
  grants: TProductId[];
  monthlyAmount: number;
  oneTimeAmount: number;
  /** The master rows behind `items` (the plan, its options, their initial costs): their names are snapshotted whole (by plan id). */
  rows: CataloguePlan[];
  /** Initial-cost id -> the chosen plan or options it is charged with. */
  costOwners: Map<string, string[]>;
}

/**
 * Checks a plan and its options against the master: the plan is an applicable plan of the
 * product sold in the currency, each option is contractable with it, and no two options are
 * exclusive. Field errors (40011) when not; else the items with their amounts.
 */
export function validateChoice(
  choice: TPlanChoice, catalogue: readonly CataloguePlan[], links: readonly CatalogueLink[], currency: TCurrency, language: string,
  region: TRegion,
): { ok: true; value: ValidChoice } | { ok: false; fields: Record<string, TMessageRef[]> } {
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const amountOf = (p: CataloguePlan) => (currency === 'JPY' ? p.amountJpy : p.amountUsd);
  const plan = byId.get(choice.plan_id);
  if (!plan || plan.product !== choice.product || !PLAN_TYPES.has(plan.type) || !APPLICABLE.has(plan.status)) {
    return { ok: false, fields: { plan_id: [{ key: 'plan.unknown_plan' }] } };
  }
  if (amountOf(plan) === null || packageUnsold(plan, region)) return { ok: false, fields: { plan_id: [{ key: 'plan.not_sold_here' }] } };
  const linked = (a: string, b: string, kind: string) => links.some((l) => l.kind === kind && ((l.planId === a && l.otherId === b) || (l.planId === b && l.otherId === a)));
  const optionIds = [...new Set(choice.option_ids)];
  const options: CataloguePlan[] = [];
  for (const id of optionIds) {
    const option = byId.get(id);
    if (!option || option.product !== plan.product || !OPTION_TYPES.has(option.type) || !APPLICABLE.has(option.status)
      || amountOf(option) === null || !linked(plan.id, option.id, 'contractable')) {
      return { ok: false, fields: { option_ids: [{ key: 'plan.unknown_option' }] } };
    }
    options.push(option);
  }
  for (let i = 0; i < options.length; i++) {
    for (let j = i + 1; j < options.length; j++) {
      if (linked(options[i]!.id, options[j]!.id, 'exclusive')) {
        return { ok: false, fields: { option_ids: [{ key: 'plan.option_exclusive', params: { options: `${planName(options[i]!, language, region)} / ${planName(options[j]!, language, region)}` } }] } };
      }
    }
  }
  const rows: CataloguePlan[] = [plan, ...options];
  // Initial costs of the plan and options, when the master names them (and sells them here).
  for (const row of [plan, ...options]) {
    const cost = row.initialCostPlanId ? byId.get(row.initialCostPlanId) : undefined;
    if (cost && amountOf(cost) !== null && !rows.includes(cost)) rows.push(cost);
  }
  const items = rows.map((r) => ({
    plan_id: r.id, type: r.type, name: planName(r, language, region), amount: amountOf(r) ?? 0, ...(r.perPlan && INITIAL_COST_TYPES.has(r.type) ? { per_plan: true } : {}),
    ...(r.byUsage ? { by_usage: true } : {}),
  }));
  const grants = isPackage(plan.product) ? [...new Set(plan.grants)] as TProductId[] : [];
  // Which chosen row each initial cost is charged with (issue 22: a per-plan cost is due when that row is new to the client).
  const costOwners = new Map<string, string[]>();
  for (const row of [plan, ...options]) if (row.initialCostPlanId) costOwners.set(row.initialCostPlanId, [...(costOwners.get(row.initialCostPlanId) ?? []), row.id]);
  return { ok: true, value: { plan, options, items, grants, ...amounts(items), rows, costOwners } };
}

function amounts(items: readonly TContractItem[]): { monthlyAmount: number; oneTimeAmount: number } {
  return {
    // Issue 23: an item billed by usage is priced per unit, in arrears: neither a monthly fee nor a one-time charge.
    monthlyAmount: items.filter((i) => MONTHLY_TYPES.has(i.type) && !i.by_usage).reduce((s, i) => s + i.amount, 0),
    oneTimeAmount: items.filter((i) => !MONTHLY_TYPES.has(i.type) && !i.by_usage).reduce((s, i) => s + i.amount, 0),
  };
}

/**
 * Issue 22, initial cost on a plan change: a client that already pays for the product (a paid
 * contract of it is running: `currentItems` are its items' plan ids) is not charged an initial
 * cost again. An initial cost the operator marked per plan is the exception: it is charged when
 * the plan (or option) it belongs to is new to the client, as its own, explained line (the item's
 * `per_plan`). Without a running paid contract every initial cost is charged. Answers the choice
 * with the costs not charged taken out (and its amounts again), and those costs.
 */
export function settleInitialCosts(valid: ValidChoice, currentItems: readonly string[] | null): { valid: ValidChoice; waived: TContractItem[] } {
  if (!currentItems) return { valid, waived: [] };
  const held = new Set(currentItems);
  const charged = (item: TContractItem) => !INITIAL_COST_TYPES.has(item.type)
    || (item.per_plan === true && (valid.costOwners.get(item.plan_id) ?? []).some((owner) => !held.has(owner)));
  const items = valid.items.filter(charged);
  const waived = valid.items.filter((i) => !charged(i));
  return { valid: { ...valid, items, ...amounts(items) }, waived };
}

/** The ids the master must be read for: the chosen rows and their initial costs come in a second read. */
export function choiceIds(choice: TPlanChoice): string[] {
  return [...new Set([choice.plan_id, ...choice.option_ids])];
}

/** A contract as the terms need it. */
export interface ContractTerms {
  id: string;
  planName: string;
  monthlyAmount: number;
  effectiveFrom: IsoDate;
  billingStart: IsoDate | null;
  minimumTermEnd: IsoDate | null;
  endsOn: IsoDate | null;
}

export type TermsPreview = Pick<TApplyPreview, 'effective_from' | 'billing_start' | 'minimum_term_end' | 'replaces' | 'penalty_months' | 'penalty_amount'>;

/**
 * When a change applies and on what terms (spec §4): it applies from the month after next, or
 * next month when completed by the 25th. A paid plan replacing a paid contract keeps its billing
 * start and minimum term (a change of plan is not a cancellation); a paid plan without one starts
 * a 12-month minimum term. A free plan replacing a paid contract cancels it: the paid contract
 * ends by the cancellation rule, the free plan applies the day after, and the months left of the
 * minimum term are a penalty at the paid monthly amount.
 */
export function changeTerms(now: Date, paid: boolean, current: ContractTerms | null): TermsPreview {
  const currentPaid = current && current.monthlyAmount > 0 ? current : null;
  if (!paid && currentPaid) {
    const endsOn = cancellationEndsOn(now);
    const months = currentPaid.billingStart ? penaltyMonths(currentPaid.billingStart, endsOn) : 0;
    return {
      effective_from: addDays(endsOn, 1), billing_start: null, minimum_term_end: null,
      replaces: { contract_id: currentPaid.id, plan_name: currentPaid.planName, ends_on: endsOn },
      penalty_months: months, penalty_amount: months * currentPaid.monthlyAmount,
    };
  }
  const effectiveFrom = changeEffectiveFrom(now);
  const replaces = current ? { contract_id: current.id, plan_name: current.planName, ends_on: addDays(effectiveFrom, -1) } : null;
  if (!paid) return { effective_from: effectiveFrom, billing_start: null, minimum_term_end: null, replaces, penalty_months: 0, penalty_amount: 0 };
  const billingStart = currentPaid?.billingStart ?? effectiveFrom;
  return {
    effective_from: effectiveFrom, billing_start: billingStart, minimum_term_end: currentPaid?.minimumTermEnd ?? minimumTermEnd(billingStart),
    replaces, penalty_months: 0, penalty_amount: 0,
  };
}

/**
 * What cancelling a contract now would mean: its last day and the penalty inside the minimum term
 * (the remaining months at the monthly amount). The one rule of the cancel dialog, the
 * cancellation itself and the checkout's "cancelling today" (issue 22). A paid contract is bound by
 * its minimum term from the day it is allowed, started or not: cancelled before it starts, it still
 * ends by the 25th rule (its first month or two are billed) and the rest of the term is the
 * penalty. A contract without a paid term (a free plan) that has not started ends the day before
 * its start, for nothing.
 */
export function cancelTerms(now: Date, contract: Pick<ContractTerms, 'effectiveFrom' | 'billingStart' | 'monthlyAmount'>) {
  const paidTerm = contract.billingStart !== null && contract.monthlyAmount > 0;
  if (!paidTerm && businessDate(now) < contract.effectiveFrom) return { ends_on: addDays(contract.effectiveFrom, -1), penalty_months: 0, penalty_amount: 0 };
  const endsOn = cancellationEndsOn(now);
  const months = paidTerm ? penaltyMonths(contract.billingStart!, endsOn) : 0;
  return { ends_on: endsOn, penalty_months: months, penalty_amount: months * contract.monthlyAmount };
}

/**
 * Issue 22: the first invoice a change is billed on, and its lines (the billing run's rules,
 * billable.rules.ts: monthly items every month, one-time items in the month the contract takes
 * effect, a penalty in the month the replaced contract ends). A paid plan: the month it applies
 * from, with its monthly items and one-time charges. A free plan replacing a paid contract inside
 * its term: the month that contract ends, with the penalty. Nothing billed: null.
 */
export function firstInvoice(
  preview: Pick<TApplyPreview, 'effective_from' | 'items' | 'replaces' | 'penalty_months' | 'monthly_amount' | 'one_time_amount'>,
  replacedMonthly: number, penaltyName: string,
): TFirstInvoice | null {
  if (preview.monthly_amount > 0 || preview.one_time_amount > 0) {
    const month = monthOf(preview.effective_from);
    const kindOf = (i: TContractItem): TFirstInvoice['lines'][number]['kind'] => {
      if (i.type === 'plan') return 'plan';
      if (MONTHLY_TYPES.has(i.type)) return 'option_monthly';
      if (i.type === 'option_shot') return 'option_shot';
      return i.per_plan ? 'initial_cost_per_plan' : 'initial_cost';
    };
    const lines = preview.items.filter((i) => i.amount > 0 && !i.by_usage).map((i) => ({ kind: kindOf(i), name: i.name, amount: i.amount, quantity: 1 }));
    return { month, billing_date: invoiceBillingDate(month), lines };
  }
  if (preview.penalty_months > 0 && preview.replaces) {
    const month = monthOf(preview.replaces.ends_on);
    return { month, billing_date: invoiceBillingDate(month), lines: [{ kind: 'penalty', name: penaltyName, amount: replacedMonthly, quantity: preview.penalty_months }] };
  }
  return null;
}

/** Stored statuses (the contract's own step) refined by today's date into what the client sees. */
export function contractStatus(stored: string, effectiveFrom: IsoDate, endsOn: IsoDate | null, now: Date): TContractStatus {
  if (stored === 'reviewing' || stored === 'rejected' || stored === 'ended' || stored === 'withdrawn') return stored;
  const today = businessDate(now);
  if (endsOn !== null && today > endsOn) return 'ended';
  if (stored === 'cancelling') return 'cancelling';
  return today < effectiveFrom ? 'scheduled' : 'active';
}

/**
 * Issue 22: the products a contract gives a live licence for (SSO, the services list, the usage
 * dashboards): its product, or a package contract's granted products. The package id itself is
 * not a product anyone opens.
 */
export function contractProducts(c: { product: string; grants: readonly string[] | null }): string[] {
  return isPackage(c.product) ? [...new Set(c.grants ?? [])] : [c.product];
}

/**
 * Issue 22, repair of contract items stored before: an initial cost's name was kept in the
 * applicant's language only, holding the Japanese name when the master had none in it ({"th-th":
 * "初期費用"}). Every master row has a Japanese name, so a snapshot without one is such a
 * one-language snapshot: it becomes the master's names, with the snapshot's own text kept where it
 * was a real translation (not the Japanese fallback). null: nothing to repair.
 */
export function repairedItemName(snapshot: Readonly<Record<string, string>>, master: Readonly<Record<string, string>> | undefined): Record<string, string> | null {
  if (snapshot['ja-jp'] || !master?.['ja-jp']) return null;
  const own = Object.entries(snapshot).filter(([, text]) => text !== master['ja-jp']);
  return { ...master, ...Object.fromEntries(own) };
}

/** Whether a contract counts as the product's current one (a change replaces it). */
export function isCurrent(status: TContractStatus): boolean {
  return status === 'active' || status === 'scheduled';
}
