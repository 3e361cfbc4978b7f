import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIC_SETS, addDays, addMonths, zonedDate, type TClientActivityList, type TUsageDashboard } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/** Issue 13, slice B: POST /v1/logs/{product} and GET /v1/client_activity_log/usage over the real gateway, services and PostgreSQL. */
describe('usage dashboards and the client activity log', () => {
  let portal: TestPortal;
  let owner: Agent;
  let user: Agent;
  let operator: Agent;
  let partner: Agent;
  const to = '2026-11-24';
  const from = addDays(addMonths(to, -3), 1);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    user = new Agent(portal);
    operator = new Agent(portal);
    partner = new Agent(portal);
    await Promise.all([
      owner.login('owner@example.com', 'Owner#2026'), user.login('user@example.com', 'User#2026'),
      operator.login('operator@example.com', 'Operator#2026'), partner.login('partner@example.com', 'Partner#2026'),
    ]);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers the product\'s metric set as zero-filled series over the range\'s buckets, the top pages, freshness and the §8 message', async () => {
    const res = await owner.call('POST', '/v1/logs/bownow', { from, to, unit: 'week' });
    expect(res.status).toBe(200);
    const d = res.body.result as TUsageDashboard;
    expect(d).toMatchObject({ product: 'bownow', from, to, unit: 'week', time_zone: 'Asia/Tokyo' });
    expect(d.charts.map((c) => [c.metric, c.kind, c.dimension])).toEqual(METRIC_SETS.bownow.charts.map((c) => [c.metric, c.kind, c.dimension ?? null]));
    const line = d.charts.find((c) => c.kind === 'line')!;
    // 2026-08-25 (a Tuesday) is the first bucket, clipped; then every Monday to 2026-11-23.
    expect(line.points[0]).toEqual({ period: '2026-08-25', count: 0 });
    expect(line.points[1]!.period).toBe('2026-08-31');
    expect(line.points.at(-1)!.period).toBe('2026-11-23');
    expect(d.distinct_users.points).toHaveLength(line.points.length);
    expect(Array.isArray(d.top_pages)).toBe(true);
    // No event has ever arrived for the demo client: bownow lives on the customer's site.
    expect(d.messages).toEqual(['no_tracking_code']);
    expect(d.freshness.newest_applied_at).toBeNull();

    const monthly = (await owner.call('POST', '/v1/logs/bownow', { from: addDays(addMonths(to, -12), 1), to, unit: 'month' })).body.result as TUsageDashboard;
    expect(monthly.charts[0]!.points.map((p) => p.period)).toEqual([
      '2025-11-25', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01',
    ]);
  });

  it('refuses a range over one year, a reversed range and an unknown unit with 40011 naming the field', async () => {
    const long = await owner.call('POST', '/v1/logs/bownow', { from: addMonths(to, -12), to, unit: 'day' });
    expect(long.status).toBe(422);
    expect(long.body.result.access_status.code).toBe(40011);
    expect(long.body.result.errors.from).toEqual(['期間は最長1年です。開始日をもっと後の日付にしてください。']);
    const reversed = await owner.call('POST', '/v1/logs/bownow', { from: to, to: from });
    expect(reversed.body.result.errors.from).toEqual(['開始日は終了日以前の日付を指定してください。']);
    const unit = await owner.call('POST', '/v1/logs/bownow', { from, to, unit: 'hour' });
    expect(unit.body.result.access_status.code).toBe(40011);
    expect(Object.keys(unit.body.result.errors)).toEqual(['unit']);
    const activity = await operator.call('GET', `/v1/client_activity_log/usage?from=${addMonths(to, -13)}&to=${to}`);
    expect(activity.body.result.access_status.code).toBe(40011);
    expect(Object.keys(activity.body.result.errors)).toEqual(['from']);
  });

  it('answers 404 to an account without authority for the product (the user has ActiBook only), and 403 outside the client area', async () => {
    const denied = await user.call('POST', '/v1/logs/bownow', { from, to, unit: 'day' });
    expect(denied.status).toBe(404);
    expect(denied.body.result.access_status.code).toBe(40404);
    const allowed = await user.call('POST', '/v1/logs/actibook', { from, to, unit: 'day' });
    expect(allowed.status).toBe(200);
    expect((allowed.body.result as TUsageDashboard).messages).toEqual(['not_logged_in']);
    expect((await operator.call('POST', '/v1/logs/bownow', { from, to })).status).toBe(403);
    expect((await owner.call('POST', '/v1/logs/crowdbooth', { from, to })).status).toBe(404);
  });

  it('client activity log: the operator sees every region\'s clients, a partner only its own, a client not at all', async () => {
    const all = await operator.call('GET', `/v1/client_activity_log/usage?from=${from}&to=${to}&per_page=100`);
    expect(all.status).toBe(200);
    const allIds = (all.body.result as TClientActivityList).clients.map((c) => c.client_uuid);
    expect(allIds).toEqual(expect.arrayContaining([DEMO_IDS.client, DEMO_IDS.usClient]));

    const mine = await partner.call('GET', `/v1/client_activity_log/usage?from=${from}&to=${to}&per_page=100`);
    expect(mine.status).toBe(200);
    const list = mine.body.result as TClientActivityList;
    const ids = list.clients.map((c) => c.client_uuid);
    expect(ids).toContain(DEMO_IDS.client);
    expect(ids).not.toContain(DEMO_IDS.usClient);
    expect(list.total).toBe(ids.length);
    const demo = list.clients.find((c) => c.client_uuid === DEMO_IDS.client)!;
    expect(demo).toMatchObject({ company_name: 'デモ商事株式会社', region: 'jpn' });

    const searched = await partner.call('GET', `/v1/client_activity_log/usage?from=${from}&to=${to}&q=${encodeURIComponent('デモ')}`);
    expect((searched.body.result as TClientActivityList).clients.map((c) => c.client_uuid)).toEqual([DEMO_IDS.client]);

    expect((await owner.call('GET', `/v1/client_activity_log/usage?from=${from}&to=${to}`)).status).toBe(403);
  });

  describe('with events ingested through the real path (signed POST /ingest/v1/events → usage-log consumer → rollups)', () => {
    const today = zonedDate(new Date(), 'Asia/Tokyo');
    const range = { from: addDays(today, -6), to: today };
    const pages = [['/pricing', 'Pricing', 5], ['/', 'Home', 3], ['/contact', 'Contact', 1]] as const;

    beforeAll(async () => {
      const made = await operator.call('POST', '/v1/operator/product_keys', { product: 'bownow' });
      expect(made.status).toBe(200);
      const secret = made.body.result.secret as string;
      const now = Date.now() - 60_000;
      const events = [
        ...pages.flatMap(([url, title, n]) => Array.from({ length: n }, (_, i) => ({
          id: randomUUID(), client_uuid: DEMO_IDS.client, product: 'bownow', type: 'page_view', occurred_at: new Date(now - i * 3_600_000).toISOString(),
          user_key: `u${i % 3}`, url, title, dimensions: { device: i === 0 ? 'tablet' : 'pc' },
        }))),
        { id: randomUUID(), client_uuid: DEMO_IDS.client, product: 'bownow', type: 'conversion', occurred_at: new Date(now).toISOString(), user_key: 'u0' },
      ];
      const body = JSON.stringify({ events });
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await fetch(`${portal.url}/ingest/v1/events`, {
        method: 'POST', body,
        headers: { 'content-type': 'application/json', 'x-product': 'bownow', 'x-timestamp': ts, 'x-signature': createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex') },
      });
      expect(res.status).toBe(200);
    });

    it('the dashboard counts them: series, donut, top pages in order, distinct users, freshness, no "no tracking code"', async () => {
      // The consumer applies batches asynchronously: wait until the dashboard reports them.
      await expect.poll(async () => (await owner.call('POST', '/v1/logs/bownow', { ...range, unit: 'day' })).body.result.charts?.[0]?.total, { timeout: 15_000 }).toBe(9);
      const d = (await owner.call('POST', '/v1/logs/bownow', { ...range, unit: 'day' })).body.result as TUsageDashboard;
      expect(d.charts.find((c) => c.metric === 'conversion')!.total).toBe(1);
      const device = d.charts.find((c) => c.kind === 'donut' && c.dimension === 'device')!;
      expect(device.slices).toEqual([{ value: 'pc', count: 6 }, { value: 'tablet', count: 3 }]);
      expect(d.top_pages).toEqual([{ url: '/pricing', title: 'Pricing', views: 5 }, { url: '/', title: 'Home', views: 3 }, { url: '/contact', title: 'Contact', views: 1 }]);
      expect(d.distinct_users.total).toBe(3);
      expect(d.freshness.newest_applied_at).not.toBeNull();
      expect(d.messages).toEqual([]);
      // A month bucket counts each user once (a union of the days, not their sum).
      const monthly = (await owner.call('POST', '/v1/logs/bownow', { ...range, unit: 'month' })).body.result as TUsageDashboard;
      for (const p of monthly.distinct_users.points) expect(p.count).toBeLessThanOrEqual(3);
    });

    it('the partner\'s usage status shows its client\'s last BowNow use and counts over the range', async () => {
      const list = (await partner.call('GET', `/v1/client_activity_log/usage?from=${range.from}&to=${range.to}&q=${encodeURIComponent('デモ商事')}`)).body.result as TClientActivityList;
      const demo = list.clients.find((c) => c.client_uuid === DEMO_IDS.client)!;
      const bownow = demo.products.find((p) => p.product === 'bownow')!;
      expect(bownow.last_at).not.toBeNull();
      expect(bownow.totals.find((t) => t.metric === 'page_view')!.count).toBe(9);
      expect(bownow.totals.find((t) => t.metric === 'conversion')!.count).toBe(1);
      // Products never used are not listed.
      expect(demo.products.map((p) => p.product)).toEqual(['bownow']);
    });
  });
});
