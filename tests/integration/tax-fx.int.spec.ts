import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 11, slice C1: the operator's tax-rate and FX screens' calls, and the plan-change preview's
 * next invoice priced by billing. The clock is 2026-11-24 10:00 JST: a new tax rate may apply from
 * 2026-11-25; the seed has Japan's 10 % (8 % before 2019-10-01), 8 % reduced, and 150.25 yen per
 * dollar since 2026-10-01.
 */
describe('tax rates, FX and the priced preview (issue 11, slice C1)', () => {
  let portal: TestPortal;
  let operator: Agent;
  let owner: Agent;
  let ownerUs: Agent;
  let partner: Agent;
  const clock = new ManualClock(new Date('2026-11-24T10:00:00+09:00'));
  const counts = async () => (await portal.db.query<{ t: number; f: number }>(
    'SELECT (SELECT count(*)::int FROM global_billing.tax_rates) AS t, (SELECT count(*)::int FROM global_billing.fx_rates) AS f'))[0]!;
  type Row = { id: string; country: string; category: string; rate: string; applies_from: string; status: string };

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    ownerUs = new Agent(portal, { host: 'portal.example.com' });
    await ownerUs.login('owner-us@example.com', 'OwnerUs#2026');
    partner = new Agent(portal);
    await partner.login('partner@example.com', 'Partner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('lists every country\'s rates with their history to operators only', async () => {
    const res = await operator.call('GET', '/v1/operator/tax_rates?country=jpn');
    expect(res.status).toBe(200);
    const { today, earliest_new, rates } = res.body.result as { today: string; earliest_new: string; rates: Row[] };
    expect([today, earliest_new]).toEqual(['2026-11-24', '2026-11-25']);
    expect(rates.filter((r) => r.category === 'standard').map((r) => [r.rate, r.applies_from, r.status])).toEqual([
      ['10.0', '2019-10-01', 'in_force'], ['8.0', '2014-04-01', 'past'], ['5.0', '1997-04-01', 'past'],
    ]);
    expect(rates.find((r) => r.category === 'reduced' && r.status === 'in_force')?.rate).toBe('8.0');
    const all = (await operator.call('GET', '/v1/operator/tax_rates')).body.result.rates as Row[];
    expect(all.find((r) => r.country === 'tha')).toMatchObject({ rate: '0.0', status: 'in_force' });

    for (const path of ['/v1/operator/tax_rates', '/v1/operator/fx_rates']) {
      expect((await owner.call('GET', path)).status).toBe(403);
      expect((await partner.call('GET', path)).status).toBe(403);
      expect((await new Agent(portal).call('GET', path)).status).toBe(401);
    }
    const body = { country: 'jpn', rate: '12.0', applies_from: '2027-01-01' };
    expect((await owner.call('POST', '/v1/operator/tax_rates', body)).status).toBe(403);
    expect((await partner.call('POST', '/v1/operator/fx_rates', { rate: '160' })).status).toBe(403);
    expect((await owner.call('DELETE', `/v1/operator/tax_rates?id=${rates[0]!.id}`)).status).toBe(403);
    expect((await new Agent(portal).call('POST', '/v1/operator/tax_rates', body)).status).toBe(401);
    expect(await counts()).toEqual({ t: 15, f: 2 });
  });

  it('refuses bad tax rates with localised field errors and writes nothing', async () => {
    const before = await counts();
    const refuse = async (body: Record<string, unknown>, field: string) => {
      const res = await operator.call('POST', '/v1/operator/tax_rates', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.result.access_status.code).toBe(40011);
      expect(Object.keys(res.body.result.errors), JSON.stringify(body)).toEqual([field]);
      return res.body.result.errors[field][0] as string;
    };
    const ok = { country: 'jpn', category: 'standard', rate: '12.0', applies_from: '2027-01-15' };
    expect(await refuse({ ...ok, rate: '10.25' }, 'rate')).toBe('税率は小数点以下1桁までの数値で入力してください（例：10.0）。');
    expect(await refuse({ ...ok, rate: '-1' }, 'rate')).toContain('小数点以下1桁');
    expect(await refuse({ ...ok, rate: '100.5' }, 'rate')).toBe('税率は0.0から100.0の範囲で入力してください。');
    expect(await refuse({ ...ok, rate: '' }, 'rate')).toContain('税率');
    // Today and the past may already be invoiced: never retroactive.
    expect(await refuse({ ...ok, applies_from: '2026-11-24' }, 'applies_from')).toBe('請求済みの可能性がある日付には新しい税率を適用できません。2026-11-25以降を選んでください。');
    expect(await refuse({ ...ok, applies_from: '2026-10-01' }, 'applies_from')).toContain('2026-11-25');
    expect(await refuse({ ...ok, applies_from: '2027-02-30' }, 'applies_from')).toBe('正しい日付（YYYY-MM-DD）を入力してください。');
    expect(await refuse({ ...ok, country: 'xxx' }, 'country')).toBeTruthy();
    expect(await refuse({ ...ok, category: 'luxury' }, 'category')).toBeTruthy();
    expect(await counts()).toEqual(before);
  });

  it('adds a rate from a future date, refuses a second one on that date, and withdraws only scheduled rates', async () => {
    const created = await operator.call('POST', '/v1/operator/tax_rates', { country: 'jpn', rate: '12', applies_from: '2027-01-15' });
    expect(created.status).toBe(200);
    expect(created.body.result.tax_rate).toMatchObject({ country: 'jpn', category: 'standard', rate: '12.0', applies_from: '2027-01-15', status: 'scheduled' });
    const again = await operator.call('POST', '/v1/operator/tax_rates', { country: 'jpn', rate: '11.0', applies_from: '2027-01-15' });
    expect(again.body.result.errors.applies_from).toEqual(['この国には、同じ区分で同じ日から適用される税率がすでにあります。']);
    const list = (await operator.call('GET', '/v1/operator/tax_rates?country=jpn')).body.result.rates as Row[];
    expect(list.filter((r) => r.category === 'standard').map((r) => [r.rate, r.status])).toEqual([['12.0', 'scheduled'], ['10.0', 'in_force'], ['8.0', 'past'], ['5.0', 'past']]);

    const inForce = list.find((r) => r.status === 'in_force' && r.category === 'standard')!;
    const refused = await operator.call('DELETE', `/v1/operator/tax_rates?id=${inForce.id}`);
    expect(refused.body.result.errors.id).toEqual(['取り消せるのは適用前の税率だけです。適用中の税率は履歴として残ります。']);
    const withdrawn = await operator.call('DELETE', `/v1/operator/tax_rates?id=${created.body.result.tax_rate.id}`);
    expect(withdrawn.body.result.deleted).toBe(true);
    expect((await operator.call('DELETE', `/v1/operator/tax_rates?id=${created.body.result.tax_rate.id}`)).body.result.errors.id).toEqual(['この税率はすでに存在しません。']);
    expect((await portal.db.query('SELECT 1 FROM global_billing.tax_rates WHERE rate_tenths = 120')).length).toBe(0);
  });

  it('sets the standard FX rate from now or later, never backdated, and shows the one in force', async () => {
    const list = await operator.call('GET', '/v1/operator/fx_rates');
    expect(list.body.result.current).toMatchObject({ rate: '150.25', applies_at: '2026-09-30T15:00:00.000Z', status: 'in_force' });
    expect(list.body.result.rates.map((r: { rate: string; status: string }) => [r.rate, r.status])).toEqual([['150.25', 'in_force'], ['145.5', 'past']]);

    const before = await counts();
    for (const [body, field] of [
      [{ rate: '0' }, 'rate'], [{ rate: '-150' }, 'rate'], [{ rate: '1e2' }, 'rate'], [{ rate: '150.1234567' }, 'rate'],
      [{ rate: '151', applies_at: '2026-11-24T09:59:00+09:00' }, 'applies_at'], [{ rate: '151', applies_at: 'tomorrow' }, 'applies_at'],
    ] as const) {
      const res = await operator.call('POST', '/v1/operator/fx_rates', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.result.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect((await operator.call('POST', '/v1/operator/fx_rates', { rate: '151', applies_at: '2026-11-01T00:00:00+09:00' })).body.result.errors.applies_at)
      .toEqual(['基準レートを過去から適用することはできません。今すぐ適用する場合は日時を空欄にし、それ以外は今より後の日時を選んでください。']);
    expect(await counts()).toEqual(before);

    const now = await operator.call('POST', '/v1/operator/fx_rates', { rate: '0151.500' });
    expect(now.body.result.fx_rate).toMatchObject({ rate: '151.5', applies_at: '2026-11-24T01:00:00.000Z', status: 'in_force' });
    // From the start of 2026-12-01 JST: the rate the next invoices (dated that day) are charged at.
    const later = await operator.call('POST', '/v1/operator/fx_rates', { rate: '155.125', applies_at: '2026-12-01T00:00:00+09:00' });
    expect(later.body.result.fx_rate).toMatchObject({ rate: '155.125', status: 'scheduled' });
    const after = (await operator.call('GET', '/v1/operator/fx_rates')).body.result;
    expect(after.current.rate).toBe('151.5');
    expect(after.rates.map((r: { rate: string; status: string }) => [r.rate, r.status])).toEqual([['155.125', 'scheduled'], ['151.5', 'in_force'], ['150.25', 'past'], ['145.5', 'past']]);
    expect((await operator.call('DELETE', `/v1/operator/fx_rates?id=${now.body.result.fx_rate.id}`)).body.result.errors.id).toBeTruthy();
  });

  it('previews the next invoice of a plan change with tax (Japan) and with USD shown against the yen charged (overseas)', async () => {
    // A tax change that takes effect on the next invoice's date (2026-12-01) is what the preview shows.
    expect((await operator.call('POST', '/v1/operator/tax_rates', { country: 'jpn', rate: '10.5', applies_from: '2026-12-01' })).status).toBe(200);
    const jp = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: ['bownow_opt_accounts'] });
    expect(jp.status).toBe(200);
    // Issue 22: a change within BowNow, which the client pays for, does not charge the initial cost again.
    expect(jp.body.result).toMatchObject({ monthly_amount: 43000, one_time_amount: 0, effective_from: '2026-12-01' });
    expect(jp.body.result.next_invoice).toEqual({
      country: 'jpn', invoice_date: '2026-12-01', display_currency: 'JPY', charge_currency: 'JPY', rounding: 'floor',
      per_rate: [{ rate: '10.5', rate_tenths: 105, categories: ['standard'], applies_from: '2026-12-01', subtotal_minor: 43000, tax_minor: 4515 }],
      subtotal_minor: 43000, tax_minor: 4515, total_minor: 47515, charge_total_minor: 47515, fx: null,
    });

    const plans = (await ownerUs.call('GET', '/v1/plan/base-list?product=actibook')).body.result.plans as { id: string; amount: number | null }[];
    const target = plans.find((p) => p.id !== 'actibook_standard' && (p.amount ?? 0) > 0)!;
    const us = await ownerUs.call('POST', '/v1/plan/apply_info', { product: 'actibook', plan_id: target.id });
    expect(us.status).toBe(200);
    const { next_invoice: invoice, monthly_amount, one_time_amount, currency } = us.body.result;
    expect(currency).toBe('USD');
    const subtotal = monthly_amount + one_time_amount;
    expect(invoice).toMatchObject({
      country: 'usa', display_currency: 'USD', charge_currency: 'JPY', subtotal_minor: subtotal, tax_minor: 0, total_minor: subtotal,
      // The rate in force when the invoice's date begins (2026-12-01 00:00 JST), not the one in force now.
      fx: { base: 'USD', quote: 'JPY', rate: '155.125', applies_at: '2026-11-30T15:00:00.000Z' },
    });
    // Cents × 155.125 / 100, floored once.
    expect(invoice.charge_total_minor).toBe(Math.floor((subtotal * 155125) / 100000));

    // Issue 23 (below): the rates of this preview stay; the next test crosses rate changes with the billing run.
    // Billing cannot price it (no standard rate at all): the preview still answers, without the invoice.
    await portal.db.query('DELETE FROM global_billing.fx_rates');
    const unpriced = await ownerUs.call('POST', '/v1/plan/apply_info', { product: 'actibook', plan_id: target.id });
    expect(unpriced.status).toBe(200);
    expect(unpriced.body.result).toMatchObject({ monthly_amount, currency: 'USD', next_invoice: null });
  });

  it('issue 23: the preview, a run on time, a run late across a rate change and a re-run all use the rates at 00:00 JST on the invoice date', async () => {
    const billing = portal.services.find((s) => s.name === 'billing')!;
    // Sessions expire across the months the clock moves.
    const relogin = async () => {
      operator = new Agent(portal);
      await operator.login('operator@example.com', 'Operator#2026');
      ownerUs = new Agent(portal, { host: 'portal.example.com' });
      await ownerUs.login('owner-us@example.com', 'OwnerUs#2026');
    };
    // Still 2026-11-24. US tax: 12 % from 2026-12-15 (mid-month), 15 % from 2027-02-01. FX: 160.5 from
    // 2027-01-20 09:00 JST, 155.75 from one second after 2027-02-01 00:00 JST (the FX rows of the test above are gone).
    for (const [rate, applies_from] of [['12.0', '2026-12-15'], ['15.0', '2027-02-01']]) {
      expect((await operator.call('POST', '/v1/operator/tax_rates', { country: 'usa', rate, applies_from })).status).toBe(200);
    }
    for (const [rate, applies_at] of [['150.25', '2026-11-24T11:00:00+09:00'], ['160.5', '2027-01-20T09:00:00+09:00'], ['155.75', '2027-02-01T00:00:01+09:00']]) {
      expect((await operator.call('POST', '/v1/operator/fx_rates', { rate, applies_at })).status).toBe(200);
    }
    const usInvoice = (month: string) => portal.db.query<{ tax_summary: { rate_tenths: number }[]; fx_rate: string; fx_rate_at: Date; subtotal_minor: number; tax_minor: number; total_minor: number; charge_total_minor: number; issued_on: Date }>(
      'SELECT tax_summary, fx_rate, fx_rate_at, subtotal_minor, tax_minor, total_minor, charge_total_minor, issued_on FROM usa_billing.invoices WHERE month = $1', [month]);

    // 2027-01-25: January's invoice was never run (the job was down); the list's next invoice is January's,
    // priced at 00:00 JST on 2027-01-01: 12 % (from mid-December) and 150.25 (160.5 came on the 20th).
    clock.set(new Date('2027-01-25T10:00:00+09:00'));
    await relogin();
    const before = (await ownerUs.call('GET', '/v1/billing/list')).body.result.next;
    expect(before).toMatchObject({ month: '2027-01', invoice_date: '2027-01-01', rate_instant: '2026-12-31T15:00:00.000Z', per_rate: [{ rate: '12.0' }], fx: { rate: '150.25' } });

    // January's run, late, on 2027-02-02 (operator's start), and February's by the same job: January keeps
    // January's rates, though 15 % and 155.75 are in force on the day it runs; February gets 15 % and 160.5.
    clock.set(new Date('2027-02-02T10:00:00+09:00'));
    await relogin();
    expect((await operator.call('POST', '/v1/operator/billing_runs', { month: '2027-01' })).status).toBe(200);
    await billing.runJob('billing-monthly-run');
    const [jan] = await usInvoice('2027-01');
    expect(jan).toMatchObject({ tax_summary: [expect.objectContaining({ rate_tenths: 120 })], fx_rate: '150.25', total_minor: before.total_minor, charge_total_minor: before.charge_total_minor });
    expect(jan!.fx_rate_at.toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(jan!.tax_minor).toBe(Math.floor((jan!.subtotal_minor * 120) / 1000));
    const [feb] = await usInvoice('2027-02');
    expect(feb).toMatchObject({ tax_summary: [expect.objectContaining({ rate_tenths: 150 })], fx_rate: '160.5' });
    // Cents × 160.5 / 100, floored once.
    expect(feb!.charge_total_minor).toBe(Math.floor((feb!.total_minor * 1605) / 1000));

    // A new rate never changes an issued invoice: a rate from tomorrow, a January re-run (nobody left to bill), same rows.
    expect((await operator.call('POST', '/v1/operator/tax_rates', { country: 'usa', rate: '20.0', applies_from: '2027-02-03' })).status).toBe(200);
    expect((await operator.call('POST', '/v1/operator/fx_rates', { rate: '170' })).status).toBe(200);
    expect((await operator.call('POST', '/v1/operator/billing_runs', { month: '2027-01' })).status).toBe(200);
    expect(await billing.runJob('billing-monthly-run')).toMatchObject({ invoices: 0 });
    expect(await usInvoice('2027-01')).toEqual([jan]);
    expect(await usInvoice('2027-02')).toEqual([feb]);
    const list = (await ownerUs.call('GET', '/v1/billing/list')).body.result;
    expect(list.invoices.find((r: { month: string }) => r.month === '2027-01')).toMatchObject({ total_minor: jan!.total_minor, charge_total_minor: jan!.charge_total_minor });
    // The next invoice to be issued is March's, at 00:00 JST on 2027-03-01: 20 % (from 2027-02-03) and 170 (from now).
    expect(list.next).toMatchObject({ month: '2027-03', per_rate: [{ rate: '20.0' }], fx: { rate: '170' } });
  });
});
