import { describe, expect, it } from 'vitest';
import { billableItems, usageKey, usageNeeds, usageSpan, type BillableContract } from './billable.rules.js';

const contract = (over: Partial<BillableContract> = {}): BillableContract => ({
  id: '00000000-0000-4000-8000-000000000001', product: 'bownow', planId: 'bownow_standard', monthlyAmount: 33000,
  effectiveFrom: '2027-01-01', billingStart: '2027-01-01', endsOn: null, penaltyMonths: 0,
  items: [
    { planId: 'bownow_standard', type: 'plan', name: { 'en-us': 'Standard' }, amount: 30000 },
    { planId: 'bownow_crm', type: 'option', name: { 'en-us': 'CRM' }, amount: 3000 },
    { planId: 'bownow_shot', type: 'option_shot', name: { 'en-us': 'Setup support' }, amount: 20000 },
    { planId: 'bownow_init', type: 'initial_cost_plan', name: { 'en-us': 'Initial cost' }, amount: 50000 },
  ],
  ...over,
});
const kinds = (c: BillableContract, month: string) => billableItems(c, month, 'jpn').map((l) => `${l.kind}:${l.unit_amount_minor}x${l.quantity}`);

describe('billable items of a contract in a month', () => {
  it('bills the plan and monthly options every month, single-month options and initial costs in the first month only', () => {
    expect(kinds(contract(), '2027-01')).toEqual(['plan:30000x1', 'option_monthly:3000x1', 'option_shot:20000x1', 'initial_cost:50000x1']);
    expect(kinds(contract(), '2027-02')).toEqual(['plan:30000x1', 'option_monthly:3000x1']);
    expect(billableItems(contract(), '2027-02', 'jpn')[0]).toMatchObject({ period_from: '2027-02-01', period_to: '2027-02-28' });
  });

  it('issue 22: a plan change keeping an earlier billing start bills its one-time items in the month the change applies', () => {
    const change = contract({ effectiveFrom: '2027-03-01', billingStart: '2026-04-01' });
    expect(kinds(change, '2027-03')).toEqual(['plan:30000x1', 'option_monthly:3000x1', 'option_shot:20000x1', 'initial_cost:50000x1']);
    expect(kinds(change, '2027-04')).toEqual(['plan:30000x1', 'option_monthly:3000x1']);
  });

  it('bills nothing before the billing start, and stops after the last day', () => {
    expect(kinds(contract({ effectiveFrom: '2027-03-01', billingStart: '2027-03-01' }), '2027-02')).toEqual([]);
    expect(kinds(contract({ endsOn: '2027-04-30' }), '2027-05')).toEqual([]);
    expect(billableItems(contract({ endsOn: '2027-04-30' }), '2027-04', 'jpn')[0]).toMatchObject({ period_to: '2027-04-30' });
  });

  it('bills the remaining minimum-term months as a penalty in the month the contract ends', () => {
    const cancelled = contract({ endsOn: '2027-04-30', penaltyMonths: 8 });
    expect(kinds(cancelled, '2027-04')).toEqual(['plan:30000x1', 'option_monthly:3000x1', 'penalty:33000x8']);
    expect(kinds(cancelled, '2027-03')).toEqual(['plan:30000x1', 'option_monthly:3000x1']);
  });

  it('issue 23: the penalty line runs from the day after the end to the minimum term\'s last day, its quantity the months', () => {
    // Billing start 2026-10-01: the term ends 2027-09-30; ending 2027-01-31 leaves Feb–Sep, 8 months.
    const cancelled = contract({ effectiveFrom: '2026-10-01', billingStart: '2026-10-01', endsOn: '2027-01-31', penaltyMonths: 8 });
    const penalty = billableItems(cancelled, '2027-01', 'jpn').find((l) => l.kind === 'penalty');
    expect(penalty).toMatchObject({ period_from: '2027-02-01', period_to: '2027-09-30', quantity: 8, unit_amount_minor: 33000 });
  });
});

describe('names billing receives (issue 22, point 6)', () => {
  it('fills every language by the client\'s region, so a Thai invoice reads English where Thai is missing, never Japanese', () => {
    const thai = contract({ items: [{ planId: 'bownow_init', type: 'initial_cost_plan', name: { 'ja-jp': '初期費用', 'en-us': 'Initial cost' }, amount: 29900 }] });
    const [line] = billableItems(thai, '2027-01', 'tha');
    expect(line!.name['th-th']).toBe('Initial cost');
    expect(line!.name['vi-vn']).toBe('Initial cost');
    expect(billableItems(thai, '2027-01', 'jpn')[0]!.name['ja-jp']).toBe('初期費用');
  });
});

describe('metered items, billed in arrears (issue 23, item 3)', () => {
  const meter = { metric: 'page_view', unit: 'pv', unitValue: 10_000, lower: 0, upper: 1_000_000 };
  const metered = (over: Partial<BillableContract> = {}): BillableContract => contract({
    items: [
      { planId: 'bownow_standard', type: 'plan', name: { 'en-us': 'Standard' }, amount: 30000 },
      { planId: 'bownow_opt_pv', type: 'option_monthly', name: { 'en-us': 'Extra page views' }, amount: 1000, meter },
    ],
    ...over,
  });
  const used = (n: number) => new Map([[usageKey(metered().id, 'bownow_opt_pv'), n]]);

  it('bills the month before as a usage line in billing units, and no flat monthly line for the metered item', () => {
    const lines = billableItems(metered(), '2027-03', 'jpn', used(25_001));
    expect(lines.map((l) => `${l.kind}:${l.unit_amount_minor}x${l.quantity}`)).toEqual(['plan:30000x1', 'usage:1000x3']);
    expect(lines[1]).toMatchObject({ plan_id: 'bownow_opt_pv', period_from: '2027-02-01', period_to: '2027-02-28' });
  });

  it('makes no usage line without usage, nor in the first month (nothing ran before it)', () => {
    expect(billableItems(metered(), '2027-03', 'jpn', used(0)).map((l) => l.kind)).toEqual(['plan']);
    expect(usageNeeds(metered(), '2027-01')).toEqual([]);
    expect(billableItems(metered(), '2027-01', 'jpn').map((l) => l.kind)).toEqual(['plan']);
  });

  it('bills the last month\'s usage the month after the contract ended, over the days it ran', () => {
    const ended = metered({ endsOn: '2027-04-30' });
    expect(usageNeeds(ended, '2027-05')).toEqual([{ contractId: ended.id, planId: 'bownow_opt_pv', product: 'bownow', metric: 'page_view', from: '2027-04-01', to: '2027-04-30' }]);
    expect(billableItems(ended, '2027-05', 'jpn', used(10_000)).map((l) => `${l.kind}:${l.quantity}`)).toEqual(['usage:1']);
    expect(usageNeeds(ended, '2027-06')).toEqual([]);
  });

  it('counts usage from the billing start when it is later than the effective date (a trial bridged to the plan)', () => {
    expect(usageSpan({ effectiveFrom: '2027-01-01', billingStart: '2027-01-16', endsOn: null }, '2027-02')).toEqual({ from: '2027-01-16', to: '2027-01-31' });
  });

  it('refuses to bill a metered item whose usage was not asked for', () => {
    expect(() => billableItems(metered(), '2027-03', 'jpn')).toThrow(/no usage sum/);
  });
});
