import { describe, expect, it } from 'vitest';
import {
  applyEligibility, cancelTerms, changeTerms, contractProducts, contractStatus, firstInvoice, packageUnsold, planName, repairedItemName, settleInitialCosts, validateChoice,
  type CataloguePlan, type CatalogueLink, type ValidChoice,
} from './plans.rules.js';

const row = (id: string, type: string, amountJpy: number | null, extra: Partial<CataloguePlan> = {}): CataloguePlan => ({
  id, product: 'bownow', name: { 'ja-jp': `${id}-ja`, 'en-us': `${id}-en` }, type, status: 'available', amountJpy, amountUsd: amountJpy === null ? null : amountJpy / 100, initialCostPlanId: null, grants: [], ...extra,
});
const catalogue = [
  row('bownow_free', 'plan', 0),
  row('bownow_standard', 'plan', 30000, { initialCostPlanId: 'bownow_setup' }),
  row('bownow_setup', 'initial_cost_plan', 50000),
  row('bownow_stopped', 'plan', 10000, { status: 'stopped' }),
  row('bownow_domestic', 'plan', 10000, { amountUsd: null }),
  row('opt_a', 'option', 5000),
  row('opt_b', 'option_monthly', 3000),
  row('opt_shot', 'option_shot', 20000),
  row('opt_other', 'option', 1000),
  row('opt_pv', 'option_monthly', 2000, { byUsage: true }),
];
const links: CatalogueLink[] = [
  { planId: 'bownow_standard', otherId: 'opt_a', kind: 'contractable' },
  { planId: 'bownow_standard', otherId: 'opt_b', kind: 'contractable' },
  { planId: 'opt_shot', otherId: 'bownow_standard', kind: 'contractable' },
  { planId: 'bownow_standard', otherId: 'opt_pv', kind: 'contractable' },
  { planId: 'opt_a', otherId: 'opt_b', kind: 'exclusive' },
  { planId: 'opt_b', otherId: 'opt_a', kind: 'exclusive' },
];
const choose = (plan_id: string, option_ids: string[] = [], currency: 'JPY' | 'USD' = 'JPY') =>
  validateChoice({ product: 'bownow', plan_id, option_ids }, catalogue, links, currency, 'en-us', currency === 'JPY' ? 'jpn' : 'usa');

describe('plan choice', () => {
  it('sums monthly and one-time amounts, with the plan\'s initial cost', () => {
    const result = choose('bownow_standard', ['opt_a', 'opt_shot']);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.monthlyAmount).toBe(35000);
    expect(result.value.oneTimeAmount).toBe(70000);
    expect(result.value.items.map((i) => i.name)).toEqual(['bownow_standard-en', 'opt_a-en', 'opt_shot-en', 'bownow_setup-en']);
  });
  it('issue 23: an option billed by usage is priced per unit in arrears: no monthly fee, no penalty base, no first-invoice line', () => {
    const result = choose('bownow_standard', ['opt_a', 'opt_pv']);
    if (!result.ok) throw new Error('refused');
    expect(result.value.monthlyAmount).toBe(35000);
    expect(result.value.items.find((i) => i.plan_id === 'opt_pv')).toMatchObject({ amount: 2000, by_usage: true });
    const first = firstInvoice({
      effective_from: '2027-02-01', items: result.value.items, replaces: null, penalty_months: 0, monthly_amount: result.value.monthlyAmount, one_time_amount: result.value.oneTimeAmount,
    }, 0, '');
    expect(first!.lines.map((l) => l.name)).toEqual(['bownow_standard-en', 'opt_a-en', 'bownow_setup-en']);
  });
  it('refuses unknown, stopped, other-product and other-currency plans', () => {
    expect(choose('nope')).toEqual({ ok: false, fields: { plan_id: [{ key: 'plan.unknown_plan' }] } });
    expect(choose('bownow_stopped').ok).toBe(false);
    expect(choose('opt_a').ok).toBe(false);
    expect(validateChoice({ product: 'actibook', plan_id: 'bownow_standard', option_ids: [] }, catalogue, links, 'JPY', 'en-us', 'jpn').ok).toBe(false);
    expect(choose('bownow_domestic', [], 'USD')).toEqual({ ok: false, fields: { plan_id: [{ key: 'plan.not_sold_here' }] } });
  });
  it('refuses options that are not contractable with the plan, and options that cannot be combined', () => {
    expect(choose('bownow_standard', ['opt_other'])).toEqual({ ok: false, fields: { option_ids: [{ key: 'plan.unknown_option' }] } });
    expect(choose('bownow_free', ['opt_a']).ok).toBe(false);
    expect(choose('bownow_standard', ['opt_a', 'opt_b'])).toEqual({
      ok: false, fields: { option_ids: [{ key: 'plan.option_exclusive', params: { options: 'opt_a-en / opt_b-en' } }] },
    });
  });
});

describe('names in the customer\'s language (issue 22, point 6)', () => {
  const standard = { id: 'bownow_standard', name: { 'ja-jp': 'スタンダードプラン', 'en-us': 'Standard plan', 'th-th': 'แผนมาตรฐาน' } };
  const initial = { id: 'bownow_initial', name: { 'ja-jp': '初期費用', 'en-us': 'Initial cost' } };

  it('names a plan in the customer\'s language, else in English outside Japan, never in Japanese', () => {
    expect(planName(standard, 'th-th', 'tha')).toBe('แผนมาตรฐาน');
    expect(planName(initial, 'th-th', 'tha')).toBe('Initial cost');
    expect(planName(initial, 'vi-vn', 'vnm')).toBe('Initial cost');
    // A row older than the en-us requirement: the id, not Japanese, outside Japan; Japanese in Japan.
    expect(planName({ id: 'bownow_old', name: { 'ja-jp': '旧プラン' } }, 'th-th', 'tha')).toBe('bownow_old');
    expect(planName({ id: 'bownow_old', name: { 'ja-jp': '旧プラン' } }, 'en-us', 'jpn')).toBe('旧プラン');
    expect(planName(standard, 'ja-jp', 'jpn')).toBe('スタンダードプラン');
  });

  it('names every item of a Thai preview in Thai or English, the initial cost included', () => {
    const result = validateChoice({ product: 'bownow', plan_id: 'bownow_standard', option_ids: [] }, [
      { ...row('bownow_standard', 'plan', 30000, { initialCostPlanId: 'bownow_initial' }), name: standard.name },
      { ...row('bownow_initial', 'initial_cost_plan', 50000), name: initial.name },
    ], [], 'USD', 'th-th', 'tha');
    expect(result.ok && result.value.items.map((i) => i.name)).toEqual(['แผนมาตรฐาน', 'Initial cost']);
    // The master rows behind the items: the contract keeps their whole language maps.
    expect(result.ok && result.value.rows.map((r) => r.name)).toEqual([standard.name, initial.name]);
  });
});

describe('repairing one-language item names stored before issue 22', () => {
  const master = { 'ja-jp': '初期費用', 'en-us': 'Initial cost', 'vi-vn': 'Phí khởi tạo' };
  it('replaces the Japanese fallback kept under another language with the master\'s names', () => {
    expect(repairedItemName({ 'th-th': '初期費用' }, master)).toEqual(master);
    expect(planName({ id: 'x', name: repairedItemName({ 'th-th': '初期費用' }, master)! }, 'th-th', 'tha')).toBe('Initial cost');
  });
  it('keeps a real translation, and leaves whole snapshots and unknown rows alone', () => {
    expect(repairedItemName({ 'th-th': 'ค่าแรกเข้า' }, master)).toEqual({ ...master, 'th-th': 'ค่าแรกเข้า' });
    expect(repairedItemName({ 'ja-jp': '初期費用' }, master)).toBeNull();
    expect(repairedItemName({ 'th-th': '初期費用' }, undefined)).toBeNull();
  });
});

describe('package plans (issue 22, point 5)', () => {
  const pack = (grants: string[], extra: Partial<CataloguePlan> = {}) =>
    ({ ...row('ccfwe_standard', 'plan', 50000), product: 'ccfwe', grants, ...extra });

  it('a package contract stands for each product it grants, a product\'s contract for its product', () => {
    expect(contractProducts({ product: 'ccfwe', grants: ['bownow', 'izanai', 'bownow'] })).toEqual(['bownow', 'izanai']);
    expect(contractProducts({ product: 'bownow', grants: [] })).toEqual(['bownow']);
    expect(contractProducts({ product: 'ccfme', grants: null })).toEqual([]);
  });

  it('sells a package plan only where the package and every product it grants are offered, and one that grants something', () => {
    expect(packageUnsold(pack(['bownow', 'izanai']), 'tha')).toBe(false);
    expect(packageUnsold(pack(['bownow', 'lpbuilder']), 'jpn')).toBe(false);
    expect(packageUnsold(pack(['bownow', 'lpbuilder']), 'usa')).toBe(true);
    expect(packageUnsold(pack(['bownow']), 'mys')).toBe(true);
    expect(packageUnsold(pack([]), 'jpn')).toBe(true);
    expect(packageUnsold(row('bownow_standard', 'plan', 1), 'mys')).toBe(false);
  });

  it('answers a package choice with its granted products, and refuses it where a product is not offered', () => {
    const ok = validateChoice({ product: 'ccfwe', plan_id: 'ccfwe_standard', option_ids: [] }, [pack(['bownow', 'izanai'])], [], 'USD', 'en-us', 'usa');
    expect(ok.ok && ok.value.grants).toEqual(['bownow', 'izanai']);
    const product = validateChoice({ product: 'bownow', plan_id: 'bownow_standard', option_ids: [] }, catalogue, links, 'JPY', 'en-us', 'jpn');
    expect(product.ok && product.value.grants).toEqual([]);
    expect(validateChoice({ product: 'ccfwe', plan_id: 'ccfwe_standard', option_ids: [] }, [pack(['bownow', 'cmp'])], [], 'USD', 'en-us', 'usa'))
      .toEqual({ ok: false, fields: { plan_id: [{ key: 'plan.not_sold_here' }] } });
  });
});

describe('who may apply', () => {
  it('users never, nobody under review, a rejected client only for free plans', () => {
    expect(applyEligibility(9, 'normal')).toEqual({ allowed: false, paid_allowed: false, reason: 'user_level' });
    expect(applyEligibility(3, 'reviewing')).toEqual({ allowed: false, paid_allowed: false, reason: 'under_review' });
    expect(applyEligibility(3, 'rejected')).toEqual({ allowed: true, paid_allowed: false, reason: 'rejected' });
    expect(applyEligibility(3, 'normal')).toEqual({ allowed: true, paid_allowed: true, reason: null });
  });

  it('issue 22: an admin is refused before the work, with the explanation a user gets (only owners confirm)', () => {
    expect(applyEligibility(6, 'normal')).toEqual({ allowed: false, paid_allowed: false, reason: 'user_level' });
    expect(applyEligibility(6, 'rejected')).toEqual({ allowed: false, paid_allowed: false, reason: 'user_level' });
  });
});

describe('contract status', () => {
  it('issue 22: a withdrawn application\'s contract stays withdrawn whatever the date', () => {
    expect(contractStatus('withdrawn', '2027-02-01', null, new Date('2027-03-01T00:00:00Z'))).toBe('withdrawn');
  });
});

describe('terms of a change', () => {
  const paidContract = { id: 'c1', planName: 'Standard', monthlyAmount: 30000, effectiveFrom: '2026-04-01', billingStart: '2026-04-01', minimumTermEnd: '2027-03-31', endsOn: null };
  it('a first paid plan starts a 12-month minimum term from the month it applies', () => {
    expect(changeTerms(new Date('2026-11-25T23:59:59+09:00'), true, null)).toEqual({
      effective_from: '2026-12-01', billing_start: '2026-12-01', minimum_term_end: '2027-11-30', replaces: null, penalty_months: 0, penalty_amount: 0,
    });
    expect(changeTerms(new Date('2026-11-26T00:00:00+09:00'), true, null).effective_from).toBe('2027-01-01');
  });
  it('a paid plan replacing a paid contract keeps its term; the old one ends the day before', () => {
    expect(changeTerms(new Date('2026-11-10T10:00:00+09:00'), true, paidContract)).toEqual({
      effective_from: '2026-12-01', billing_start: '2026-04-01', minimum_term_end: '2027-03-31',
      replaces: { contract_id: 'c1', plan_name: 'Standard', ends_on: '2026-11-30' }, penalty_months: 0, penalty_amount: 0,
    });
  });
  it('a free plan replacing a paid contract inside its term cancels it with a penalty', () => {
    // Filed 2026-09-10: the paid contract ends 2026-10-31; Nov–Mar remain: 5 × 30,000.
    expect(changeTerms(new Date('2026-09-10T10:00:00+09:00'), false, paidContract)).toEqual({
      effective_from: '2026-11-01', billing_start: null, minimum_term_end: null,
      replaces: { contract_id: 'c1', plan_name: 'Standard', ends_on: '2026-10-31' }, penalty_months: 5, penalty_amount: 150000,
    });
  });
  it('cancellation after the minimum term carries no penalty', () => {
    expect(cancelTerms(new Date('2027-03-20T10:00:00+09:00'), paidContract)).toEqual({ ends_on: '2027-04-30', penalty_months: 0, penalty_amount: 0 });
    expect(cancelTerms(new Date('2027-01-26T00:00:00+09:00'), paidContract)).toEqual({ ends_on: '2027-03-31', penalty_months: 0, penalty_amount: 0 });
    expect(cancelTerms(new Date('2027-01-25T23:59:59+09:00'), paidContract)).toEqual({ ends_on: '2027-02-28', penalty_months: 1, penalty_amount: 30000 });
  });
  it('refines the stored status by the date', () => {
    const now = new Date('2026-11-24T12:00:00+09:00');
    expect(contractStatus('scheduled', '2026-12-01', null, now)).toBe('scheduled');
    expect(contractStatus('scheduled', '2026-04-01', null, now)).toBe('active');
    expect(contractStatus('scheduled', '2026-04-01', '2026-10-31', now)).toBe('ended');
    expect(contractStatus('cancelling', '2026-04-01', '2026-12-31', now)).toBe('cancelling');
    expect(contractStatus('reviewing', '2026-12-01', null, now)).toBe('reviewing');
  });
});

describe('issue 22: the initial cost on a plan change', () => {
  const perPlanCatalogue = [
    ...catalogue,
    row('bownow_pro', 'plan', 40000, { initialCostPlanId: 'bownow_setup' }),
    row('bownow_enterprise', 'plan', 90000, { initialCostPlanId: 'bownow_onboarding' }),
    row('bownow_onboarding', 'initial_cost_plan', 80000, { perPlan: true }),
  ];
  const pick = (plan_id: string, option_ids: string[] = []): ValidChoice => {
    const result = validateChoice({ product: 'bownow', plan_id, option_ids }, perPlanCatalogue, links, 'JPY', 'en-us', 'jpn');
    if (!result.ok) throw new Error(JSON.stringify(result.fields));
    return result.value;
  };

  it('charges the initial cost on the first paid contract of the product', () => {
    const { valid, waived } = settleInitialCosts(pick('bownow_pro'), null);
    expect(valid.items.map((i) => i.plan_id)).toEqual(['bownow_pro', 'bownow_setup']);
    expect(valid.oneTimeAmount).toBe(50000);
    expect(waived).toEqual([]);
  });

  it('does not charge it again on a change within a product the client already pays for', () => {
    const { valid, waived } = settleInitialCosts(pick('bownow_pro'), ['bownow_standard', 'bownow_setup']);
    expect(valid.items.map((i) => i.plan_id)).toEqual(['bownow_pro']);
    expect(valid).toMatchObject({ monthlyAmount: 40000, oneTimeAmount: 0 });
    expect(waived.map((i) => i.plan_id)).toEqual(['bownow_setup']);
  });

  it('charges a per-plan initial cost on a change to its plan, as its own line marked per plan; not when the plan is kept', () => {
    const change = settleInitialCosts(pick('bownow_enterprise'), ['bownow_standard', 'bownow_setup']);
    expect(change.valid.items).toEqual([
      { plan_id: 'bownow_enterprise', type: 'plan', name: 'bownow_enterprise-en', amount: 90000 },
      { plan_id: 'bownow_onboarding', type: 'initial_cost_plan', name: 'bownow_onboarding-en', amount: 80000, per_plan: true },
    ]);
    expect(change.valid.oneTimeAmount).toBe(80000);
    expect(settleInitialCosts(pick('bownow_enterprise'), ['bownow_enterprise', 'bownow_onboarding']).valid.oneTimeAmount).toBe(0);
  });
});

describe('issue 22: cancelling, one rule for the dialog, the cancellation and the checkout', () => {
  it('a paid contract allowed but not started yet is bound by its term: the 25th rule, and the rest of the term as the penalty', () => {
    // Applied 2026-11-24, allowed, starts 2026-12-01 at ¥23,000 a month: cancelled the same day it ends 2026-12-31 and 11 months remain.
    const fresh = { effectiveFrom: '2026-12-01', billingStart: '2026-12-01', monthlyAmount: 23000 };
    expect(cancelTerms(new Date('2026-11-24T10:00:00+09:00'), fresh)).toEqual({ ends_on: '2026-12-31', penalty_months: 11, penalty_amount: 253000 });
    // Filed on the 26th: ends 2027-01-31, 10 months remain.
    expect(cancelTerms(new Date('2026-11-26T10:00:00+09:00'), fresh)).toEqual({ ends_on: '2027-01-31', penalty_months: 10, penalty_amount: 230000 });
  });

  it('a free plan that has not started ends the day before it starts, for nothing', () => {
    expect(cancelTerms(new Date('2026-11-24T10:00:00+09:00'), { effectiveFrom: '2026-12-01', billingStart: null, monthlyAmount: 0 }))
      .toEqual({ ends_on: '2026-11-30', penalty_months: 0, penalty_amount: 0 });
  });
});

describe('issue 22: the first invoice of a change', () => {
  const items = [
    { plan_id: 'p', type: 'plan', name: 'Pro', amount: 40000 },
    { plan_id: 'o', type: 'option_monthly', name: 'Seats', amount: 3000 },
    { plan_id: 's', type: 'option_shot', name: 'Setup help', amount: 20000 },
    { plan_id: 'i', type: 'initial_cost_plan', name: 'Initial cost', amount: 30000 },
    { plan_id: 'e', type: 'initial_cost_plan', name: 'Onboarding', amount: 80000, per_plan: true },
  ];
  it('is the month the paid plan applies from, billed on its last day, with each charge as a line', () => {
    expect(firstInvoice({ effective_from: '2027-02-01', items, replaces: null, penalty_months: 0, monthly_amount: 43000, one_time_amount: 130000 }, 0, '')).toEqual({
      month: '2027-02', billing_date: '2027-02-28',
      lines: [
        { kind: 'plan', name: 'Pro', amount: 40000, quantity: 1 },
        { kind: 'option_monthly', name: 'Seats', amount: 3000, quantity: 1 },
        { kind: 'option_shot', name: 'Setup help', amount: 20000, quantity: 1 },
        { kind: 'initial_cost', name: 'Initial cost', amount: 30000, quantity: 1 },
        { kind: 'initial_cost_per_plan', name: 'Onboarding', amount: 80000, quantity: 1 },
      ],
    });
  });
  it('for a free plan ending a paid contract early, is the month that contract ends, with the penalty', () => {
    const replaces = { contract_id: 'c1', plan_name: 'Standard', ends_on: '2026-10-31' };
    expect(firstInvoice({ effective_from: '2026-11-01', items: [], replaces, penalty_months: 5, monthly_amount: 0, one_time_amount: 0 }, 30000, 'Standard: rest of the term')).toEqual({
      month: '2026-10', billing_date: '2026-10-31', lines: [{ kind: 'penalty', name: 'Standard: rest of the term', amount: 30000, quantity: 5 }],
    });
    expect(firstInvoice({ effective_from: '2026-11-01', items: [], replaces: null, penalty_months: 0, monthly_amount: 0, one_time_amount: 0 }, 0, '')).toBeNull();
  });
});
