/**
 * Issue 23, item 3: what a month of metered usage bills (docs/decisions.md "Issue 23 item 3
 * (metered)"). Pure: the usage in the plan's unit, the plan's billing unit and range, the price of
 * one billing unit. Used by licence for the invoice line (the billing run) and for the previews.
 */
export interface MeterSpec {
  /** How many of the unit one billing unit is (10,000 page views). */
  unitValue: number;
  /** The range of usage billed, in the unit: less is billed as the lower bound, more is not billed (null: no cap). */
  lower: number | null;
  upper: number | null;
  /** Price of one billing unit, minor units excluding tax. */
  unitAmount: number;
}

export interface MeteredCharge {
  /** The usage billed, in the unit, after the range. */
  billedUsage: number;
  /** Billing units (the invoice line's quantity): the billed usage in whole billing units, rounded up. */
  quantity: number;
  amount: number;
}

/**
 * - no usage: nothing billed (quantity 0), whatever the lower bound;
 * - some usage below the lower bound: billed as the lower bound (the range's minimum);
 * - above the upper bound: billed as the upper bound (the range's cap);
 * - the billed usage is counted in whole billing units, rounded up (1 page view over 10,000 is a second unit).
 */
export function meteredCharge(usage: number, spec: MeterSpec): MeteredCharge {
  if (!Number.isSafeInteger(usage) || usage < 0) throw new RangeError(`usage must be a non-negative integer: ${usage}`);
  if (!Number.isSafeInteger(spec.unitValue) || spec.unitValue < 1) throw new RangeError(`unit value must be a positive integer: ${spec.unitValue}`);
  if (usage === 0) return { billedUsage: 0, quantity: 0, amount: 0 };
  let billed = usage;
  if (spec.lower !== null && billed < spec.lower) billed = spec.lower;
  if (spec.upper !== null && billed > spec.upper) billed = spec.upper;
  const quantity = Math.ceil(billed / spec.unitValue);
  return { billedUsage: billed, quantity, amount: quantity * spec.unitAmount };
}

/**
 * The month's usage at the pace so far: month-to-date usage over `daysElapsed` days (today
 * included) scaled to the month's `daysInMonth`, rounded up. Nothing so far projects nothing.
 */
export function projectedUsage(monthToDate: number, daysElapsed: number, daysInMonth: number): number {
  if (monthToDate <= 0 || daysElapsed <= 0) return 0;
  if (daysElapsed >= daysInMonth) return monthToDate;
  return Math.ceil((monthToDate * daysInMonth) / daysElapsed);
}
