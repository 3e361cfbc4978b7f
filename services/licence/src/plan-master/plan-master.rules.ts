import {
  PLAN_TYPES_BY_SCHEME, REGIONS, REGION_PROFILES, REQUIRED_TEXT_LANGUAGES, isPackage, planRole, productName, type TCurrency, type TMessageRef,
  type TPlanBillingType, type TPlanScheme, type TPlanStatus, type TPlanType, type TRegion,
} from '@portal/proto';

/**
 * Plan-master rules (slice B of issue 10), without I/O: what a row needs before it can be sold,
 * which links are allowed, and which option combinations are refused. The service loads the rows a
 * candidate refers to and asks these; the contracts slice asks `checkCombination` too.
 */

export type FieldErrors = Record<string, TMessageRef[]>;

/** The fields the rules look at. */
export interface PlanCandidate {
  id: string;
  product: string;
  name: Partial<Record<string, string>>;
  type: TPlanType;
  scheme: TPlanScheme;
  status: TPlanStatus;
  billingType: TPlanBillingType;
  amountJpy: number | null;
  amountUsd: number | null;
  unitValue: number | null;
  unit: string | null;
  rangeLower: number | null;
  rangeUpper: number | null;
  initialCostPlanId: string | null;
  /** Issue 22: initial costs only. */
  perPlan?: boolean;
  contractable: readonly string[];
  exclusive: readonly string[];
  /** Issue 22: the products a package plan grants. */
  grants: readonly string[];
}

/** Another row a candidate refers to. */
export interface RelatedRow {
  id: string;
  product: string;
  type: TPlanType;
  status: TPlanStatus;
}

/** Waiting for setup: not operable (not sold, not offered, not usable as an initial cost) until its required information is saved. */
export function isOperable(status: TPlanStatus): boolean {
  return status !== 'waiting_setup';
}

/** Shown to clients in the plan flow (base-list, option-list). */
export function isOfferedToClients(status: TPlanStatus): boolean {
  return status === 'available';
}

/** May be put on a new contract (by a client: offered ones; by operators also the ones hidden from clients). */
export function isContractable(status: TPlanStatus): boolean {
  return status === 'available' || status === 'available_nodisplay' || status === 'ccc_nouse';
}

/** The amount in a currency (minor units), or null when the row is not sold in it. */
export function amountIn(row: { amountJpy: number | null; amountUsd: number | null }, currency: TCurrency): number | null {
  return currency === 'JPY' ? row.amountJpy : row.amountUsd;
}

/** The message of a required name language left empty (each spelled out so that the catalogue test sees it used). */
function nameRequired(language: (typeof REQUIRED_TEXT_LANGUAGES)[number]): TMessageRef {
  switch (language) {
    case 'ja-jp': return { key: 'plan.name_required' };
    case 'en-us': return { key: 'plan.name_en_required' };
    default: return language satisfies never;
  }
}

/**
 * Issue 22: the required languages a name lacks, by field (`name.ja-jp`, `name.en-us`: the form's
 * tab of that language shows it). Japanese and English are asked for; the other five are optional
 * and fall back by proto's textLanguages (English outside Japan).
 */
export function missingNames(name: Partial<Record<string, string>>): FieldErrors {
  const missing: FieldErrors = {};
  for (const language of REQUIRED_TEXT_LANGUAGES) {
    if (!name[language]?.trim()) missing[`name.${language}`] = [nameRequired(language)];
  }
  return missing;
}

/** Whether a row is a package's plan (the only rows that grant products). */
export function isPackagePlan(c: { product: string; type: TPlanType }): boolean {
  return isPackage(c.product) && planRole(c.type) === 'plan';
}

/**
 * Issue 22: the products of `grants` a region does not offer. A package plan is sold in a region
 * only when the region offers the package and every product it grants (a USD plan cannot grant
 * cmp or lpbuilder, which are not offered overseas).
 */
export function grantsNotOffered(packageId: string, grants: readonly string[], region: TRegion): string[] {
  const profile = REGION_PROFILES[region];
  if (!(profile.packages as readonly string[]).includes(packageId)) return [...grants];
  return grants.filter((p) => !(profile.products as readonly string[]).includes(p));
}

/** The regions that sell in `currency` and offer the package: where a plan with an amount in it would be sold. */
function sellingRegions(packageId: string, currency: TCurrency): TRegion[] {
  return REGIONS.filter((r) => REGION_PROFILES[r].currency === currency && (REGION_PROFILES[r].packages as readonly string[]).includes(packageId));
}

/** What is still missing before a row can leave waiting for setup (field -> message). */
export function missingSetup(c: Pick<PlanCandidate, 'name' | 'billingType' | 'amountJpy' | 'amountUsd' | 'unitValue' | 'unit' | 'rangeLower'> & Partial<Pick<PlanCandidate, 'product' | 'type' | 'grants'>>): FieldErrors {
  const missing: FieldErrors = { ...missingNames(c.name) };
  if (c.amountJpy === null && c.amountUsd === null) missing['amount_jpy'] = [{ key: 'plan.amount_required' }];
  // A package plan that grants nothing would sell nothing.
  if (c.product !== undefined && c.type !== undefined && isPackagePlan({ product: c.product, type: c.type }) && (c.grants ?? []).length === 0) {
    missing['grants'] = [{ key: 'plan.grants_required' }];
  }
  if (c.billingType === 'metered') {
    if (c.unitValue === null || c.unitValue < 1) missing['unit_value'] = [{ key: 'plan.unit_required' }];
    if (!c.unit) missing['unit'] = [{ key: 'plan.unit_required' }];
    if (c.rangeLower === null) missing['range_lower'] = [{ key: 'validation.required', params: { field: 'field.range_lower' } }];
  }
  return missing;
}

const list = (ids: readonly string[]) => ids.join(', ');

/**
 * Every refusal of a candidate row, by field. `related` holds the rows it names (its links and
 * initial cost) that exist; an id missing there is unknown.
 */
export function validatePlan(c: PlanCandidate, related: ReadonlyMap<string, RelatedRow>): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, ref: TMessageRef) => (errors[field] ??= []).push(ref);
  const role = planRole(c.type);

  if (!PLAN_TYPES_BY_SCHEME[c.scheme].includes(c.type)) add('type', { key: 'plan.type_scheme_mismatch' });
  const names = missingNames(c.name);
  for (const [field, refs] of Object.entries(names)) for (const ref of refs) add(field, ref);

  if (c.status !== 'waiting_setup') {
    // The names are refused above whatever the status; the rest only blocks leaving waiting for setup.
    const missing = Object.entries(missingSetup(c)).filter(([field]) => !(field in names) && !field.startsWith('name.'));
    for (const [field, refs] of missing) for (const ref of refs) add(field, ref);
    if (missing.length > 0) add('status', { key: 'plan.setup_incomplete' });
  }
  if (c.rangeLower !== null && c.rangeUpper !== null && c.rangeUpper < c.rangeLower) add('range_upper', { key: 'plan.range_invalid' });

  // Contractable: a plan's options, an option's plans, of the same product; initial costs have none.
  const unknownContractable = c.contractable.filter((id) => !related.has(id));
  if (unknownContractable.length) add('contractable', { key: 'plan.link_unknown', params: { ids: list(unknownContractable) } });
  const wantedRole = role === 'plan' ? 'option' : role === 'option' ? 'plan' : null;
  const badContractable = c.contractable.filter((id) => {
    const other = related.get(id);
    return other && (wantedRole === null || other.id === c.id || other.product !== c.product || planRole(other.type) !== wantedRole);
  });
  if (badContractable.length) add('contractable', { key: 'plan.contractable_invalid' });

  // Exclusive: only between distinct options of the same product.
  const unknownExclusive = c.exclusive.filter((id) => !related.has(id));
  if (unknownExclusive.length) add('exclusive', { key: 'plan.link_unknown', params: { ids: list(unknownExclusive) } });
  const badExclusive = c.exclusive.filter((id) => {
    const other = related.get(id);
    return other && (role !== 'option' || other.id === c.id || other.product !== c.product || planRole(other.type) !== 'option');
  });
  if (badExclusive.length || (role !== 'option' && c.exclusive.length > 0 && !unknownExclusive.length)) {
    if (!errors['exclusive']?.some((r) => r.key === 'plan.exclusive_invalid')) add('exclusive', { key: 'plan.exclusive_invalid' });
  }

  // Issue 22: only a package's plan grants products, and only products sold where the plan is sold.
  if (c.grants.length > 0) {
    if (!isPackagePlan(c)) add('grants', { key: 'plan.grants_not_package' });
    else {
      const currencies: TCurrency[] = [...(c.amountJpy !== null ? ['JPY' as const] : []), ...(c.amountUsd !== null ? ['USD' as const] : [])];
      const unsold = [...new Set(currencies.flatMap((cur) => sellingRegions(c.product, cur)).flatMap((r) => grantsNotOffered(c.product, c.grants, r)))];
      if (unsold.length) add('grants', { key: 'plan.grants_not_offered', params: { products: list(unsold.map(productName)) } });
    }
  }

  // The initial cost charged with it: an operable initial cost of the same product, of the matching kind.
  if (c.initialCostPlanId !== null) {
    const cost = related.get(c.initialCostPlanId);
    const kindFits = cost && (cost.type === 'initial_cost' || (cost.type === 'initial_cost_plan' && role === 'plan') || (cost.type === 'initial_cost_option' && role === 'option'));
    if (!cost || role === 'initial_cost' || cost.product !== c.product || !kindFits || !isOperable(cost.status)) {
      add('initial_cost_plan_id', { key: 'plan.initial_cost_invalid' });
    }
  }
  // Issue 22: "charged per plan" is a property of an initial cost (what its plan change charges).
  if (c.perPlan && role !== 'initial_cost') add('per_plan', { key: 'plan.per_plan_initial_cost_only' });
  return errors;
}

/** Pairs among `optionIds` that cannot be combined, each once (a < b), whichever side stored it. */
export function exclusiveConflicts(optionIds: readonly string[], exclusiveOf: (id: string) => readonly string[]): [string, string][] {
  const chosen = new Set(optionIds);
  const pairs = new Map<string, [string, string]>();
  for (const a of chosen) {
    for (const b of exclusiveOf(a)) {
      if (!chosen.has(b) || a === b) continue;
      const pair: [string, string] = a < b ? [a, b] : [b, a];
      pairs.set(pair.join('\u0000'), pair);
    }
  }
  return [...pairs.values()];
}

/**
 * Whether options can go with a plan: each must be contractable with it (from either side's links)
 * and no two may exclude each other. Empty lists mean the combination is allowed.
 */
export function checkCombination(
  planId: string,
  optionIds: readonly string[],
  links: ReadonlyMap<string, { contractable: readonly string[]; exclusive: readonly string[] }>,
): { notContractable: string[]; conflicts: [string, string][] } {
  const ofPlan = new Set(links.get(planId)?.contractable ?? []);
  const notContractable = optionIds.filter((id) => !ofPlan.has(id) && !(links.get(id)?.contractable ?? []).includes(planId));
  const conflicts = exclusiveConflicts(optionIds, (id) => links.get(id)?.exclusive ?? []);
  return { notContractable: [...new Set(notContractable)], conflicts };
}

/** A reorder must name every row of the product exactly once. */
export function isCompleteOrder(current: readonly string[], proposed: readonly string[]): boolean {
  return proposed.length === current.length && new Set(proposed).size === proposed.length && proposed.every((id) => current.includes(id));
}

/**
 * The refusals of a plan with options, by field, for a form that sends `plan_id` and `options`
 * (the plan application of slice C asks this): rows waiting for setup, options not contractable
 * with the plan, and pairs that cannot be combined.
 */
export function combinationErrors(
  plan: RelatedRow,
  options: readonly RelatedRow[],
  links: ReadonlyMap<string, { contractable: readonly string[]; exclusive: readonly string[] }>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!isOperable(plan.status)) errors['plan_id'] = [{ key: 'plan.waiting_setup', params: { ids: plan.id } }];
  const waiting = options.filter((o) => !isOperable(o.status)).map((o) => o.id);
  const { notContractable, conflicts } = checkCombination(plan.id, options.map((o) => o.id), links);
  const refs: TMessageRef[] = [];
  if (waiting.length) refs.push({ key: 'plan.waiting_setup', params: { ids: list(waiting) } });
  if (notContractable.length) refs.push({ key: 'plan.contractable_invalid' });
  for (const pair of conflicts) refs.push({ key: 'plan.exclusive_conflict', params: { ids: list(pair) } });
  if (refs.length) errors['options'] = refs;
  return errors;
}
