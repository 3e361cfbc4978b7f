/**
 * How many contracts use each plan-master row now ("number in use" on the operator screens). The
 * contracts slice (C) owns contracts: it provides `PLAN_USAGE` from a `@Global()` module of its
 * own with an implementation over its tables; until then the plan master shows 0.
 */
export interface PlanUsage {
  /** ids -> contracts (and contract items) in use; an id missing from the map is 0. */
  countInUse(planIds: readonly string[]): Promise<Map<string, number>>;
}
export const PLAN_USAGE = Symbol('PlanUsage');

/** The default before contracts exist: nothing is in use. */
export const noPlanUsage: PlanUsage = { countInUse: async () => new Map() };
