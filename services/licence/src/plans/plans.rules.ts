import {
  isPackage, localizedText, type TApplyEligibility, type TApplyPreview, type TContractItem, type TContractStatus, type TCurrency, type TLevel,
  type TMessageRef, type TPlanChoice, type TProductId, type TRegion,
} from '@portal/proto';
import {
  addDays, businessDate, cancellationEndsOn, changeEffectiveFrom, minimumTermEnd, penaltyMonths, type IsoDate,
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
}
export interface CatalogueLink { planId: string; otherId: string; kind: string }

/** Statuses a client may apply for (stopped and waiting-for-setup rows cannot be operated). */
const APPLICABLE = new Set(['available', 'available_nodisplay', 'ccc_nouse']);
const PLAN_TYPES = new Set(['plan']);
const OPTION_TYPES = new Set(['option', 'option_monthly', 'option_shot']);
/** Charged every month; the others (single-month options, initial costs) once. */
const MONTHLY_TYPES = new Set(['plan', 'option', 'option_monthly']);

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
  /** The master rows behind `items` (the plan, its options, their initial costs), in the same order: their names are snapshotted whole. */
  rows: CataloguePlan[];
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
  const items = rows.map((r) => ({ plan_id: r.id, type: r.type, name: planName(r, language, region), amount: amountOf(r) ?? 0 }));
  const monthlyAmount = items.filter((i) => MONTHLY_TYPES.has(i.type)).reduce((s, i) => s + i.amount, 0);
  const oneTimeAmount = items.filter((i) => !MONTHLY_TYPES.has(i.type)).reduce((s, i) => s + i.amount, 0);
  const grants = isPackage(plan.product) ? [...new Set(plan.grants)] as TProductId[] : [];
  return { ok: true, value: { plan, options, items, grants, monthlyAmount, oneTimeAmount, rows } };
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

/** What cancelling a contract now would mean: its last day and the penalty inside the minimum term. */
export function cancelTerms(now: Date, contract: Pick<ContractTerms, 'billingStart' | 'monthlyAmount'>) {
  const endsOn = cancellationEndsOn(now);
  const months = contract.billingStart && contract.monthlyAmount > 0 ? penaltyMonths(contract.billingStart, endsOn) : 0;
  return { ends_on: endsOn, penalty_months: months, penalty_amount: months * contract.monthlyAmount };
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
