import { describe, expect, it } from 'vitest';
import {
  checkCombination, combinationErrors, exclusiveConflicts, grantsNotOffered, isCompleteOrder, isContractable, isOfferedToClients, isOperable,
  isPackagePlan, missingNames, missingSetup, validatePlan, type PlanCandidate, type RelatedRow,
} from './plan-master.rules.js';

const base: PlanCandidate = {
  id: 'bownow_x', product: 'bownow', name: { 'ja-jp': 'X', 'en-us': 'X' }, type: 'plan', scheme: 'legacy', status: 'available', billingType: 'fixed',
  amountJpy: 1000, amountUsd: null, unitValue: null, unit: null, rangeLower: null, rangeUpper: null, initialCostPlanId: null, contractable: [], exclusive: [], grants: [],
};
const rows: RelatedRow[] = [
  { id: 'bownow_std', product: 'bownow', type: 'plan', status: 'available' },
  { id: 'bownow_opt_a', product: 'bownow', type: 'option', status: 'available' },
  { id: 'bownow_opt_b', product: 'bownow', type: 'option_monthly', status: 'available' },
  { id: 'actibook_opt', product: 'actibook', type: 'option', status: 'available' },
  { id: 'bownow_ic', product: 'bownow', type: 'initial_cost_plan', status: 'available' },
  { id: 'bownow_ic_opt', product: 'bownow', type: 'initial_cost_option', status: 'available' },
  { id: 'bownow_ic_wait', product: 'bownow', type: 'initial_cost_plan', status: 'waiting_setup' },
];
const related = new Map(rows.map((r) => [r.id, r]));
const keys = (errors: Record<string, { key: string }[]>) => Object.fromEntries(Object.entries(errors).map(([f, refs]) => [f, refs.map((r) => r.key)]));

describe('plan validation', () => {
  it('accepts a complete plan with its options and initial cost', () => {
    expect(validatePlan({ ...base, contractable: ['bownow_opt_a', 'bownow_opt_b'], initialCostPlanId: 'bownow_ic' }, related)).toEqual({});
  });

  it('refuses a type outside its scheme and a missing Japanese name', () => {
    expect(keys(validatePlan({ ...base, scheme: 'current', type: 'option_shot', name: { 'en-us': 'X' } }, related)))
      .toEqual({ type: ['plan.type_scheme_mismatch'], 'name.ja-jp': ['plan.name_required'] });
    expect(validatePlan({ ...base, scheme: 'current', type: 'initial_cost' }, related)).toEqual({});
  });

  it('lets waiting for setup leave amounts and units empty, and nothing else', () => {
    const bare = { ...base, status: 'waiting_setup' as const, amountJpy: null, billingType: 'metered' as const };
    expect(validatePlan(bare, related)).toEqual({});
    expect(keys(validatePlan({ ...bare, status: 'available' }, related))).toEqual({
      amount_jpy: ['plan.amount_required'], unit_value: ['plan.unit_required'], unit: ['plan.unit_required'],
      range_lower: ['validation.required'], status: ['plan.setup_incomplete'],
    });
    expect(missingSetup({ ...bare, amountUsd: 0, unitValue: 10000, unit: 'pv', rangeLower: 0 })).toEqual({});
  });

  it('refuses a metered range whose upper bound is below the lower', () => {
    const metered = { ...base, billingType: 'metered' as const, unitValue: 1, unit: 'pv', rangeLower: 10, rangeUpper: 5 };
    expect(keys(validatePlan(metered, related))).toEqual({ range_upper: ['plan.range_invalid'] });
    expect(validatePlan({ ...metered, rangeUpper: 10 }, related)).toEqual({});
  });

  it('links plans to options and options to plans of the same product only', () => {
    expect(keys(validatePlan({ ...base, contractable: ['bownow_std'] }, related))).toEqual({ contractable: ['plan.contractable_invalid'] });
    expect(keys(validatePlan({ ...base, contractable: ['actibook_opt'] }, related))).toEqual({ contractable: ['plan.contractable_invalid'] });
    expect(keys(validatePlan({ ...base, contractable: ['nope'] }, related))).toEqual({ contractable: ['plan.link_unknown'] });
    expect(validatePlan({ ...base, type: 'option', contractable: ['bownow_std'] }, related)).toEqual({});
    expect(keys(validatePlan({ ...base, type: 'initial_cost_plan', contractable: ['bownow_opt_a'] }, related))).toEqual({ contractable: ['plan.contractable_invalid'] });
  });

  it('marks as not combinable only other options of the same product', () => {
    const option = { ...base, id: 'bownow_opt_c', type: 'option' as const };
    expect(validatePlan({ ...option, exclusive: ['bownow_opt_a', 'bownow_opt_b'] }, related)).toEqual({});
    expect(keys(validatePlan({ ...option, exclusive: ['bownow_std'] }, related))).toEqual({ exclusive: ['plan.exclusive_invalid'] });
    expect(keys(validatePlan({ ...option, exclusive: ['actibook_opt'] }, related))).toEqual({ exclusive: ['plan.exclusive_invalid'] });
    expect(keys(validatePlan({ ...base, exclusive: ['bownow_opt_a'] }, related))).toEqual({ exclusive: ['plan.exclusive_invalid'] });
    const self = new Map(related).set('bownow_opt_c', { id: 'bownow_opt_c', product: 'bownow', type: 'option', status: 'available' });
    expect(keys(validatePlan({ ...option, exclusive: ['bownow_opt_c'] }, self))).toEqual({ exclusive: ['plan.exclusive_invalid'] });
  });

  it('takes an operable initial cost of the matching kind and product', () => {
    expect(keys(validatePlan({ ...base, initialCostPlanId: 'bownow_ic_wait' }, related))).toEqual({ initial_cost_plan_id: ['plan.initial_cost_invalid'] });
    expect(keys(validatePlan({ ...base, initialCostPlanId: 'bownow_ic_opt' }, related))).toEqual({ initial_cost_plan_id: ['plan.initial_cost_invalid'] });
    expect(keys(validatePlan({ ...base, initialCostPlanId: 'bownow_opt_a' }, related))).toEqual({ initial_cost_plan_id: ['plan.initial_cost_invalid'] });
    expect(validatePlan({ ...base, type: 'option', initialCostPlanId: 'bownow_ic_opt' }, related)).toEqual({});
  });
});

describe('exclusive options', () => {
  it('finds a conflict whichever side stored it, once', () => {
    const stored: Record<string, string[]> = { a: ['b'], b: [], c: [] };
    expect(exclusiveConflicts(['a', 'b', 'c'], (id) => stored[id] ?? [])).toEqual([['a', 'b']]);
    expect(exclusiveConflicts(['b', 'a'], (id) => stored[id] ?? [])).toEqual([['a', 'b']]);
    const both: Record<string, string[]> = { a: ['b'], b: ['a'] };
    expect(exclusiveConflicts(['b', 'a'], (id) => both[id] ?? [])).toEqual([['a', 'b']]);
    expect(exclusiveConflicts(['a', 'c'], (id) => both[id] ?? [])).toEqual([]);
  });

  it('checks a plan with its options: contractable from either side, and no exclusive pair', () => {
    const links = new Map([
      ['plan', { contractable: ['x'], exclusive: [] }],
      ['x', { contractable: ['plan'], exclusive: ['y'] }],
      ['y', { contractable: ['plan'], exclusive: [] }],
      ['z', { contractable: [], exclusive: [] }],
    ]);
    expect(checkCombination('plan', ['x'], links)).toEqual({ notContractable: [], conflicts: [] });
    expect(checkCombination('plan', ['y', 'x'], links)).toEqual({ notContractable: [], conflicts: [['x', 'y']] });
    expect(checkCombination('plan', ['z'], links)).toEqual({ notContractable: ['z'], conflicts: [] });
  });
});

describe('plan with options', () => {
  it('refuses an exclusive pair, an option not contractable and a row waiting for setup, by field', () => {
    const plan: RelatedRow = { id: 'p', product: 'bownow', type: 'plan', status: 'available' };
    const opt = (id: string, status: RelatedRow['status'] = 'available'): RelatedRow => ({ id, product: 'bownow', type: 'option', status });
    const links = new Map([
      ['p', { contractable: ['a', 'b', 'w'], exclusive: [] }],
      ['a', { contractable: ['p'], exclusive: ['b'] }],
      ['b', { contractable: ['p'], exclusive: ['a'] }],
    ]);
    expect(combinationErrors(plan, [opt('a')], links)).toEqual({});
    expect(combinationErrors(plan, [opt('b'), opt('a')], links)).toEqual({ options: [{ key: 'plan.exclusive_conflict', params: { ids: 'a, b' } }] });
    expect(keys(combinationErrors(plan, [opt('w', 'waiting_setup'), opt('z')], links))).toEqual({ options: ['plan.waiting_setup', 'plan.contractable_invalid'] });
    expect(keys(combinationErrors({ ...plan, status: 'waiting_setup' }, [], links))).toEqual({ plan_id: ['plan.waiting_setup'] });
  });
});

describe('status operability', () => {
  it('keeps waiting for setup out of every use, and offers only available rows to clients', () => {
    expect(isOperable('waiting_setup')).toBe(false);
    for (const s of ['available', 'available_nodisplay', 'ccc_nouse', 'stopped'] as const) expect(isOperable(s)).toBe(true);
    expect(['available', 'available_nodisplay', 'ccc_nouse', 'stopped', 'waiting_setup'].filter((s) => isOfferedToClients(s as never))).toEqual(['available']);
    expect(isContractable('stopped')).toBe(false);
    expect(isContractable('waiting_setup')).toBe(false);
    expect(isContractable('available_nodisplay')).toBe(true);
  });

  it('accepts an order only when it names every row once', () => {
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toBe(true);
    expect(isCompleteOrder(['a', 'b', 'c'], ['c', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'a'])).toBe(false);
    expect(isCompleteOrder(['a', 'b'], ['a', 'x'])).toBe(false);
  });
});

describe('names per language (issue 22, point 6)', () => {
  it('asks for Japanese and English, each under its own language, whatever the status; the others are optional', () => {
    expect(keys(validatePlan({ ...base, name: { 'ja-jp': 'X' } }, related))).toEqual({ 'name.en-us': ['plan.name_en_required'] });
    expect(keys(validatePlan({ ...base, status: 'waiting_setup', name: { 'th-th': 'X', 'en-us': ' ' } }, related)))
      .toEqual({ 'name.ja-jp': ['plan.name_required'], 'name.en-us': ['plan.name_en_required'] });
    expect(missingNames({ 'ja-jp': 'X', 'en-us': 'X' })).toEqual({});
    expect(validatePlan({ ...base, name: { 'ja-jp': 'X', 'en-us': 'X', 'th-th': 'X' } }, related)).toEqual({});
  });
});

describe('package grants (issue 22, point 5)', () => {
  const pkg = { ...base, id: 'ccfwe_x', product: 'ccfwe', amountUsd: 4900 };

  it('lets only a package\'s plan grant products', () => {
    expect(validatePlan({ ...pkg, grants: ['bownow', 'izanai'] }, related)).toEqual({});
    expect(keys(validatePlan({ ...base, grants: ['bownow'] }, related))).toEqual({ grants: ['plan.grants_not_package'] });
    expect(keys(validatePlan({ ...pkg, type: 'option', grants: ['bownow'] }, related))).toEqual({ grants: ['plan.grants_not_package'] });
    expect(isPackagePlan(pkg)).toBe(true);
    expect(isPackagePlan(base)).toBe(false);
  });

  it('needs at least one product before a package plan leaves waiting for setup', () => {
    expect(keys(validatePlan({ ...pkg, grants: [] }, related))).toEqual({ grants: ['plan.grants_required'], status: ['plan.setup_incomplete'] });
    expect(validatePlan({ ...pkg, grants: [], status: 'waiting_setup' }, related)).toEqual({});
  });

  it('refuses a product not offered where the plan is sold (USD: overseas, without cmp and lpbuilder)', () => {
    const errors = validatePlan({ ...pkg, grants: ['bownow', 'lpbuilder', 'cmp'] }, related);
    expect(keys(errors)).toEqual({ grants: ['plan.grants_not_offered'] });
    expect(errors['grants']![0]!.params).toEqual({ products: 'LP Builder, CMP' });
    // Sold in yen only (Japan offers every product): allowed.
    expect(validatePlan({ ...pkg, amountUsd: null, grants: ['bownow', 'lpbuilder', 'cmp'] }, related)).toEqual({});
  });

  it('answers the products a region does not offer: none where it offers all, all where it offers no package', () => {
    expect(grantsNotOffered('ccfwe', ['bownow', 'izanai'], 'tha')).toEqual([]);
    expect(grantsNotOffered('ccfwe', ['bownow', 'cmp'], 'usa')).toEqual(['cmp']);
    expect(grantsNotOffered('ccfwe', ['bownow'], 'mys')).toEqual(['bownow']);
  });
});
