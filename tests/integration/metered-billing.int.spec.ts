import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { addMonths, dateInZone, daysInMonth, monthOf } from '@portal/service-common/business-dates';
import { meteredCharge, projectedUsage } from '@portal/service-common/metered-pricing';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 23, item 3 (in-process): page views of a metered option ("Extra page views (10,000 PV)" of
 * the seeded plan master: ¥1,000 per 10,000, 0 to 1,000,000) ingested through the real path
 * (signed POST /ingest/v1/events -> the events stream -> usage-log's rollups), billed in arrears by
 * the next month's run: a run killed halfway and resumed bills each usage line once; usage of the
 * month arriving after its invoice was issued changes nothing on it.
 *
 * The gateway judges an event's age by the real clock and the consumer by the injected one, so the
 * manual clock starts at the real time (the events' month) and moves to the next month's run.
 */
describe('metered usage billed in arrears (issue 23, item 3)', () => {
  let portal: TestPortal;
  let secret: string;
  const started = Date.now() - 60_000;
  const clock = new ManualClock(new Date(started + 60_000));
  const usedMonth = monthOf(dateInZone(new Date(started), 'Asia/Tokyo'));
  const runMonth = monthOf(addMonths(`${usedMonth}-01`, 1));
  // 03:00 JST on the 1st of the next month, when the cron starts the run.
  const runTime = new Date(`${runMonth}-01T03:00:00+09:00`);
  const clients = { heavy: randomUUID(), light: randomUUID(), idle: randomUUID() };
  const billing = () => portal.services.find((s) => s.name === 'billing')!;

  async function ingest(client: string, pageViews: number): Promise<void> {
    const text = JSON.stringify({
      events: [{ id: randomUUID(), client_uuid: client, product: 'bownow', type: 'page_view', occurred_at: new Date(started).toISOString(), url: 'https://example.com/', value: pageViews }],
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${portal.url}/ingest/v1/events`, {
      method: 'POST', body: text,
      headers: { 'content-type': 'application/json', 'x-product': 'bownow', 'x-timestamp': ts, 'x-signature': createHmac('sha256', secret).update(`${ts}.${text}`).digest('hex') },
    });
    expect([res.status, await res.json()]).toEqual([200, { accepted: 1, rejected: [] }]);
  }
  const lines = (client: string) => portal.db.query<{ number: string; kind: string; quantity: number; unit_minor: number; amount_minor: number; period_from: string; period_to: string; total_minor: number }>(
    `SELECT i.number, l.kind, l.quantity, l.unit_minor, l.amount_minor, l.period_from::text, l.period_to::text, i.total_minor
       FROM jpn_billing.invoices i JOIN jpn_billing.invoice_lines l ON l.invoice_id = i.id
      WHERE i.client_uuid = $1 AND i.month = $2 ORDER BY l.position`, [client, runMonth]);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock, env: { BILLING_RUN_PAGE: '2', BILLING_RUN_FAULT_AFTER: '2' } });
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    secret = (await operator.call('POST', '/v1/operator/product_keys', { product: 'bownow' })).body.result.secret;
    for (const [name, client] of Object.entries(clients)) {
      await portal.db.query(`INSERT INTO jpn_licence.clients (uuid, company_name, region) VALUES ($1, $2, 'jpn')`, [client, `従量テスト ${name}`]);
      const contract = randomUUID();
      await portal.db.query(
        `INSERT INTO jpn_licence.contracts (id, client_uuid, product, plan_id, currency, monthly_amount, status, effective_from, billing_start)
         VALUES ($1, $2, 'bownow', 'bownow_standard', 'JPY', 31000, 'scheduled', $3, $3)`, [contract, client, `${usedMonth}-01`]);
      for (const [planId, type, amount] of [['bownow_standard', 'plan', 30000], ['bownow_opt_pv', 'option_monthly', 1000]] as const) {
        await portal.db.query(`INSERT INTO jpn_licence.contract_items (contract_id, plan_id, type, name, amount) VALUES ($1, $2, $3, $4, $5)`,
          [contract, planId, type, JSON.stringify({ 'ja-jp': planId, 'en-us': planId }), amount]);
      }
    }
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('the plan preview shows the month-to-date page views with their projected amount', async () => {
    await ingest(DEMO_IDS.client, 12_345);
    await portal.settle();
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    const preview = await owner.call('POST', '/v1/plan/apply_info', { product: 'bownow', plan_id: 'bownow_pro', option_ids: ['bownow_opt_pv'] });
    expect(preview.status).toBe(200);
    const today = dateInZone(clock.now(), 'Asia/Tokyo');
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const projected = projectedUsage(12_345, d, daysInMonth(y, m));
    const pv = preview.body.result.items.find((i: { plan_id: string }) => i.plan_id === 'bownow_opt_pv');
    expect(pv.metered).toEqual({
      unit: 'pv', unit_value: 10_000, range_lower: 0, range_upper: 1_000_000, month: usedMonth, month_to_date: 12_345, projected_usage: projected,
      projected_amount: meteredCharge(projected, { unitValue: 10_000, lower: 0, upper: 1_000_000, unitAmount: 1000 }).amount, billed_in: runMonth,
    });
    expect(preview.body.result.items.find((i: { plan_id: string }) => i.plan_id === 'bownow_pro').metered).toBeUndefined();
  });

  it('bills last month\'s page views in billing units within the range; a resumed run writes each usage line once', async () => {
    await ingest(clients.heavy, 20_000);
    await ingest(clients.heavy, 5_001);
    await ingest(clients.light, 1);
    await portal.settle();

    clock.set(runTime);
    // Pages of two clients; the first run of the process stops after two invoices and is resumed.
    await expect(billing().runJob('billing-monthly-run')).rejects.toThrow(/interrupted/);
    await billing().runJob('billing-monthly-run');
    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: 0 });

    const period = { period_from: `${usedMonth}-01`, period_to: (await lines(clients.heavy)).find((l) => l.kind === 'usage')?.period_to };
    expect(period.period_to?.startsWith(usedMonth)).toBe(true);
    // 25,001 page views: 3 units of 10,000 (rounded up) at ¥1,000; the plan for the new month; tax 10 %.
    expect((await lines(clients.heavy)).map((l) => [l.kind, l.quantity, l.unit_minor, l.amount_minor])).toEqual([['plan', 1, 30000, 30000], ['usage', 3, 1000, 3000]]);
    expect((await lines(clients.heavy))[1]).toMatchObject(period);
    expect((await lines(clients.heavy))[0]!.total_minor).toBe(33000 + 3300);
    expect((await lines(clients.light)).map((l) => [l.kind, l.quantity, l.amount_minor])).toEqual([['plan', 1, 30000], ['usage', 1, 1000]]);
    // No page views, no usage line (and no flat monthly amount for the metered option).
    expect((await lines(clients.idle)).map((l) => l.kind)).toEqual(['plan']);
    const counts = await portal.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jpn_billing.invoices WHERE month = $1 AND client_uuid = ANY($2::uuid[]) GROUP BY client_uuid`, [runMonth, Object.values(clients)]);
    expect(counts.map((c) => c.n)).toEqual([1, 1, 1]);
  });

  it('usage of the month arriving after its invoice was issued changes nothing on that invoice', async () => {
    const before = await lines(clients.heavy);
    // The late events arrive (the consumer takes events of the last 8 days by the injected clock).
    clock.set(new Date(started + 60_000));
    await ingest(clients.heavy, 500_000);
    await portal.settle();
    const counted = await portal.db.query<{ n: string }>(
      `SELECT sum(count)::text AS n FROM jpn_usage_log.usage_daily WHERE client_uuid = $1 AND metric = 'page_view' AND dimension = ''`, [clients.heavy]);
    expect(Number(counted[0]!.n)).toBe(525_001);
    clock.set(runTime);
    // An operator starts the month again: it bills only clients without the month's invoice.
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    expect((await operator.call('POST', '/v1/operator/billing_runs', { month: runMonth })).status).toBe(200);
    expect(await billing().runJob('billing-monthly-run')).toMatchObject({ invoices: 0 });
    expect(await lines(clients.heavy)).toEqual(before);
  });
});
