import { completeTexts, type TBillableItem, type TBillableKind, type TRegion } from '@portal/proto';
import { addDays, firstOfMonth, lastOfMonth, minimumTermEnd, monthOf, type IsoDate } from '@portal/service-common/business-dates';

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
  items: { planId: string; type: string; name: Record<string, string>; amount: number }[];
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
 * Metered usage has no source in licence yet (no usage counts are stored), so no usage line is made.
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

export function billableItems(contract: BillableContract, month: string, region: TRegion): TBillableItem[] {
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
