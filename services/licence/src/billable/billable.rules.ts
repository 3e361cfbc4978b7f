import { completeTexts, type TBillableItem, type TBillableKind, type TRegion } from '@portal/proto';
import { addDays, addMonths, firstOfMonth, lastOfMonth, minimumTermEnd, monthOf, type IsoDate } from '@portal/service-common/business-dates';
import { meteredCharge } from '@portal/service-common/metered-pricing';

/**
 * Issue 23, item 3: how a metered item bills, from the plan master (unit, range) and the usage
 * metric its unit counts (proto metered.ts). The item's snapshotted amount is the price per unit.
 */
export interface ItemMeter {
  metric: string;
  unit: string;
  unitValue: number;
  lower: number | null;
  upper: number | null;
}

/** What billing needs of one contract: its snapshotted items and the dates licence computed. */
export interface BillableContract {
  id: string;
  product: string;
  planId: string;
  monthlyAmount: number;
  effectiveFrom: IsoDate;
  billingStart: IsoDate | null;
  endsOn: IsoDate | null;
  penaltyMonths: number;
  items: { planId: string; type: string; name: Record<string, string>; amount: number; meter?: ItemMeter | null }[];
}

/** One usage sum a metered item of a contract needs: the days of its billed span. */
export interface UsageNeed { contractId: string; planId: string; product: string; metric: string; from: IsoDate; to: IsoDate }
/** The usage of each need, by `usageKey(contractId, planId)`. */
export type UsageQuantities = ReadonlyMap<string, number>;
export const usageKey = (contractId: string, planId: string): string => `${contractId}:${planId}`;

/**
 * Issue 23, item 3, in arrears: the run of `month` bills the usage of the month before, over the
 * days of it the contract ran and was billable (from its effective date or billing start, whichever
 * is later, to its last day). Null when it did not run then.
 */
export function usageSpan(contract: Pick<BillableContract, 'effectiveFrom' | 'billingStart' | 'endsOn'>, month: string): { from: IsoDate; to: IsoDate } | null {
  const previous = addMonths(`${month}-01`, -1);
  const start = later(contract.effectiveFrom, contract.billingStart ?? contract.effectiveFrom);
  const from = later(previous, start);
  const to = contract.endsOn ? earlier(lastOfMonth(previous), contract.endsOn) : lastOfMonth(previous);
  return from <= to ? { from, to } : null;
}

/** The usage sums a contract's metered items need for the run of `month`. */
export function usageNeeds(contract: BillableContract, month: string): UsageNeed[] {
  const span = usageSpan(contract, month);
  if (!span) return [];
  return contract.items.filter((i) => i.meter && i.amount > 0).map((i) => ({
    contractId: contract.id, planId: i.planId, product: contract.product, metric: i.meter!.metric, from: span.from, to: span.to,
  }));
}

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const earlier = (a: IsoDate, b: IsoDate) => (a < b ? a : b);

function kindOf(type: string): TBillableKind | null {
  switch (type) {
    case 'plan': return 'plan';
    case 'option': case 'option_monthly': return 'option_monthly';
    case 'option_shot': return 'option_shot';
    case 'initial_cost_plan': case 'initial_cost_option': case 'initial_cost': return 'initial_cost';
    default: return null;
  }
}

/**
 * The lines one contract bills in `month` (YYYY-MM), from the dates licence stored (business-dates.ts
 * computed them when the contract was applied for, changed or cancelled; nothing is recomputed here):
 * - plan and monthly options: every month from the billing start (or the effective date) through
 *   the last day, whole months (changes and cancellations take effect on month boundaries);
 * - single-month options and initial costs: once, in the month the contract takes effect (its
 *   billing start for a new contract; issue 22: a plan change that keeps an earlier billing start
 *   bills a per-plan initial cost or a single-month option of the change in its own first month);
 * - the penalty: the remaining months of the minimum term at the monthly amount, in the month the
 *   contract ends; its period runs from the day after the end to the term's last day, and its
 *   quantity is that number of months (issue 23).
 * - issue 23: a metered item (one whose unit a usage metric counts) bills no monthly line; its
 *   usage of the month before is billed in arrears as a `usage` line, the quantity in billing units
 *   within the plan's range (metered-pricing.ts), from `usage` (usage-log's sums, usageNeeds()).
 *   No usage, no line.
 *
 * Names go out with every language filled by proto's fallback rule for the client's `region`
 * (issue 22: English outside Japan, never Japanese), so that whichever language billing writes the
 * invoice in, the line reads in it or in English.
 */
/**
 * Issue 23: the lines of the invoice of the month a contract cancelled now would end in (its last
 * regular month and the penalty), by the same rule the billing run applies to the stored contract.
 */
export function cancellationLines(contract: BillableContract, cancel: { endsOn: IsoDate; penaltyMonths: number }, region: TRegion): { month: string; lines: TBillableItem[] } {
  const month = monthOf(cancel.endsOn);
  return { month, lines: billableItems({ ...contract, endsOn: cancel.endsOn, penaltyMonths: cancel.penaltyMonths }, month, region) };
}

export function billableItems(contract: BillableContract, month: string, region: TRegion, usage: UsageQuantities = new Map()): TBillableItem[] {
  const first = `${month}-01`;
  const last = lastOfMonth(first);
  const start = contract.billingStart ?? contract.effectiveFrom;
  const lines: TBillableItem[] = [];
  const live = start <= last && (contract.endsOn === null || contract.endsOn >= first);
  const firstMonth = monthOf(firstOfMonth(contract.effectiveFrom > start ? contract.effectiveFrom : start));
  for (const item of contract.items) {
    const kind = kindOf(item.type);
    if (!kind || item.amount <= 0) continue;
    const base = { contract_id: contract.id, product: contract.product, plan_id: item.planId, kind, name: completeTexts(item.name, region), unit_amount_minor: item.amount, quantity: 1 };
    if (item.meter) {
      const line = usageLine(contract, item, item.meter, month, usage);
      if (line) lines.push({ ...base, ...line });
      continue;
    }
    if (kind === 'plan' || kind === 'option_monthly') {
      if (!live) continue;
      lines.push({ ...base, period_from: later(first, start), period_to: contract.endsOn ? earlier(last, contract.endsOn) : last });
    } else if (firstMonth === month) {
      lines.push({ ...base, period_from: later(first, start), period_to: last });
    }
  }
  if (contract.penaltyMonths > 0 && contract.endsOn && monthOf(contract.endsOn) === month && contract.monthlyAmount > 0) {
    const plan = contract.items.find((i) => i.type === 'plan');
    lines.push({
      contract_id: contract.id, product: contract.product, plan_id: contract.planId, kind: 'penalty', name: completeTexts(plan?.name ?? {}, region),
      unit_amount_minor: contract.monthlyAmount, quantity: contract.penaltyMonths,
      // Issue 23: the months the penalty stands for, from the day after the end to the minimum
      // term's last day (quantity = that many months at the monthly amount).
      period_from: addDays(contract.endsOn, 1), period_to: minimumTermEnd(start),
    });
  }
  return lines;
}

/** A metered item's usage line for the run of `month`, or null (it did not run last month, or nothing was used). */
function usageLine(
  contract: BillableContract, item: BillableContract['items'][number], meter: ItemMeter, month: string, usage: UsageQuantities,
): Pick<TBillableItem, 'kind' | 'quantity' | 'unit_amount_minor' | 'period_from' | 'period_to'> | null {
  const span = usageSpan(contract, month);
  if (!span) return null;
  const used = usage.get(usageKey(contract.id, item.planId));
  // The run asks usage-log for every need first; a missing sum is a defect, never "no usage".
  if (used === undefined) throw new Error(`no usage sum for ${usageKey(contract.id, item.planId)}`);
  const charge = meteredCharge(used, { unitValue: meter.unitValue, lower: meter.lower, upper: meter.upper, unitAmount: item.amount });
  if (charge.quantity === 0) return null;
  return { kind: 'usage', quantity: charge.quantity, unit_amount_minor: item.amount, period_from: span.from, period_to: span.to };
}
