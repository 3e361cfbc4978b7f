import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrismaPg } from '@prisma/adapter-pg';
import { DEMO_IDS } from '../../scripts/seed.js';
import { dayInZone } from '../../services/common/src/usage-ingest.js';
import { urlWithSearchPath } from '../../services/common/src/db/shard-map.js';
import { PrismaClient } from '../../services/usage-log/src/generated/prisma/client.js';
import { bucketOf, bucketsOf } from '../../services/usage-log/src/usage/buckets.js';
import { PgUsageStore } from '../../services/usage-log/src/usage/usage-store.pg.js';
import type { UsageLogDb } from '../../services/usage-log/src/db.js';
import { Agent } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 13, slice A: products' usage events through the gateway (`POST /ingest/v1/events`), the
 * real JetStream stream and the usage-log consumer into the rollups, read back through the
 * PostgreSQL UsageStore.
 */
describe('usage ingestion (issue 13): signed events, de-duplication, late events, distinct users, refusals', () => {
  let portal: TestPortal;
  let secret: string;
  let store: PgUsageStore;
  let prisma: PrismaClient;
  const client = DEMO_IDS.client;
  const zone = 'Asia/Tokyo';

  /** A signed request as a product sends it. */
  async function send(body: unknown, o: { product?: string; key?: string; ts?: number; raw?: string; signature?: string } = {}) {
    const product = o.product ?? 'bownow';
    const text = o.raw ?? JSON.stringify(body);
    const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
    const signature = o.signature ?? createHmac('sha256', o.key ?? secret).update(`${ts}.${text}`).digest('hex');
    const res = await fetch(`${portal.url}/ingest/v1/events`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-product': product, 'x-timestamp': ts, 'x-signature': signature }, body: text,
    });
    const answer = await res.text();
    let json: any = answer;
    try { json = JSON.parse(answer); } catch { /* not JSON */ }
    return { status: res.status, body: json, signature, ts, text };
  }
  /** `daysAgo` whole days before the test started (a minute earlier), and its day in Tokyo. */
  const started = Date.now() - 60_000;
  const at = (daysAgo: number) => new Date(started - daysAgo * 86_400_000);
  const dayOf = (daysAgo: number) => dayInZone(at(daysAgo), zone);
  const event = (daysAgo: number, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(), client_uuid: client, product: 'bownow', type: 'session', occurred_at: at(daysAgo).toISOString(), ...extra,
  });
  const total = async (metric: string, day: string) =>
    Number((await portal.db.query<{ n: string }>(
      `SELECT coalesce(sum(count), 0)::text AS n FROM jpn_usage_log.usage_daily WHERE client_uuid = $1 AND product = 'bownow' AND metric = $2 AND dimension = '' AND day = $3`,
      [client, metric, day]))[0]!.n);

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'nats' });
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const made = await operator.call('POST', '/v1/operator/product_keys', { product: 'bownow' });
    expect(made.status).toBe(200);
    secret = made.body.result.secret;
    prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: urlWithSearchPath(portal.db.url, 'jpn_usage_log'), max: 2 }, { schema: 'jpn_usage_log' }) });
    store = new PgUsageStore({ client: () => prisma } as unknown as UsageLogDb, 'jpn');
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await portal?.close();
  });

  it('lets operators make and rotate product keys (shown once), and no one else', async () => {
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const list = (await operator.call('GET', '/v1/operator/product_keys')).body.result.products;
    const bownow = list.find((p: { product: string }) => p.product === 'bownow');
    expect(bownow.key_id).toMatch(/^pk_bownow_/);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(list.find((p: { product: string }) => p.product === 'cmp').key_id).toBeNull();
    // Stored encrypted: the secret is nowhere in the table.
    const rows = await portal.db.query<{ ciphertext: string }>('SELECT ciphertext FROM global_usage_log.product_keys');
    expect(rows.every((r) => !r.ciphertext.includes(secret))).toBe(true);
    // Rotation: the old key keeps working through the overlap, the new one works at once.
    const rotated = (await operator.call('POST', '/v1/operator/product_keys', { product: 'lpbuilder' })).body.result;
    const again = (await operator.call('POST', '/v1/operator/product_keys', { product: 'lpbuilder' })).body.result;
    expect(again.previous_expires_at).not.toBeNull();
    const lp = (key: string) => send({ events: [event(0, { product: 'lpbuilder', type: 'conversion' })] }, { product: 'lpbuilder', key });
    expect((await lp(rotated.secret)).status).toBe(200);
    expect((await lp(again.secret)).status).toBe(200);
    const owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
    expect((await owner.call('POST', '/v1/operator/product_keys', { product: 'bownow' })).status).toBe(403);
    expect((await owner.call('GET', '/v1/operator/product_keys')).status).toBe(403);
    const bad = await operator.call('POST', '/v1/operator/product_keys', { product: 'crowdbooth' });
    expect(bad.body.result.access_status.code).toBe(40011);
  });

  it('counts a duplicate event once, puts a late event on its own day and refuses one older than 7 days', async () => {
    const dup = event(0);
    const late = event(3);
    const first = await send({ events: [dup, late] });
    expect(first.body).toEqual({ accepted: 2, rejected: [] });
    // The same event again, in a new request (new timestamp and signature) and twice in one.
    const second = await send({ events: [dup, dup, event(8)] });
    expect(second.status).toBe(200);
    expect(second.body.accepted).toBe(2);
    expect(second.body.rejected).toEqual([{ index: 2, code: 'too_old', field: 'occurred_at' }]);
    await portal.settle();
    expect(await total('session', dayOf(0))).toBe(1);
    expect(await total('session', dayOf(3))).toBe(1);
    expect(await total('session', dayOf(8))).toBe(0);
    const fresh = await store.freshness(client, 'bownow');
    expect(fresh.anyEvent).toBe(true);
    expect(fresh.newestAppliedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await store.freshness(client, 'cmp')).anyEvent).toBe(false);
  });

  it('refuses a bad signature, an old timestamp, a replay, a product without a key and an unknown product', async () => {
    const body = { events: [event(0)] };
    expect((await send(body, { key: 'f'.repeat(64) })).body.error).toBe('bad_signature');
    expect((await send(body, { signature: 'nothex' })).status).toBe(401);
    const old = await send(body, { ts: Math.floor(Date.now() / 1000) - 301 });
    expect([old.status, old.body.error]).toEqual([401, 'bad_timestamp']);
    expect((await send(body, { ts: Math.floor(Date.now() / 1000) + 400 })).body.error).toBe('bad_timestamp');
    const once = await send(body);
    expect(once.status).toBe(200);
    const replay = await fetch(`${portal.url}/ingest/v1/events`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-product': 'bownow', 'x-timestamp': once.ts, 'x-signature': once.signature }, body: once.text,
    });
    expect([replay.status, (await replay.json()).error]).toEqual([409, 'replay']);
    const cmp = await send({ events: [event(0, { product: 'cmp', type: 'conversion' })] }, { product: 'cmp' });
    expect([cmp.status, cmp.body.error]).toEqual([401, 'no_key']);
    // A key made now works at once (a product without one is not cached as keyless).
    const operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
    const made = (await operator.call('POST', '/v1/operator/product_keys', { product: 'cmp' })).body.result;
    expect((await send({ events: [event(0, { product: 'cmp', type: 'conversion' })] }, { product: 'cmp', key: made.secret })).body.accepted).toBe(1);
    expect((await send(body, { product: 'crowdbooth' })).body.error).toBe('unknown_product');
    expect((await send(body, { product: '' })).status).toBe(400);
  });

  it('counts weekly and monthly distinct users as a union of the days, never a sum', async () => {
    // Users over six days: some come back on several days.
    const plan: Array<[number, string[]]> = [[6, ['u1', 'u2', 'u3']], [5, ['u2', 'u3', 'u4']], [3, ['u1', 'u5']], [1, ['u1', 'u2', 'u6']], [0, ['u7', 'u1']]];
    const events = plan.flatMap(([ago, users]) => users.map((u) => event(ago, { product: 'bownow', type: 'page_view', user_key: `dist-${u}`, url: '/pricing', title: 'Pricing' })));
    expect((await send({ events })).body.accepted).toBe(events.length);
    await portal.settle();
    const range = { from: dayOf(6), to: dayOf(0) };
    for (const unit of ['week', 'month'] as const) {
      const expected = new Map<string, Set<string>>();
      for (const [ago, users] of plan) {
        const b = bucketOf(dayOf(ago), range, unit, 1);
        for (const u of users) expected.set(b, (expected.get(b) ?? new Set()).add(u));
      }
      const got = await store.distinct({ client, product: 'bownow', range, unit, weekStartsOn: 1 });
      expect(got.points).toEqual(bucketsOf(range, unit, 1).map((bucket) => ({ bucket, value: expected.get(bucket)?.size ?? 0 })));
      expect(got.total).toBe(7);
      expect(got.relativeError).toBeCloseTo(0.0081, 3);
    }
    const [series] = await store.series({ client, product: 'bownow', metric: 'page_view', range, unit: 'day', weekStartsOn: 1 });
    expect(series!.points.reduce((s, p) => s + p.value, 0)).toBe(events.length);
    expect(await store.top({ client, product: 'bownow', range, limit: 10 })).toEqual([{ url: '/pricing', title: 'Pricing', views: events.length }]);
    const [use] = await store.lastUse({ clients: [client], products: ['bownow'], range });
    expect(use!.totals.page_view).toBe(events.length);
    expect(use!.lastAt).not.toBeNull();
  });

  it('answers malformed events with a per-event error and takes the good ones', async () => {
    const good = event(0, { dimensions: { device: 'pc' } });
    const res = await send({
      events: [
        good, 42, null, { ...event(0), id: 'not-a-uuid' }, { ...event(0), type: 'push' }, { ...event(0), product: 'cmp' },
        { ...event(0), type: 'page_view' }, { ...event(0), dimensions: { colour: 'red' } }, { ...event(0), occurred_at: 'yesterday' },
        { ...event(0), occurred_at: new Date(Date.now() + 3_600_000).toISOString() }, { ...event(0), value: -1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(1);
    expect(res.body.rejected).toEqual([
      { index: 1, code: 'invalid', field: null },
      { index: 2, code: 'invalid', field: null },
      { index: 3, code: 'invalid', field: 'id' },
      { index: 4, code: 'unknown_metric', field: 'type' },
      { index: 5, code: 'product_mismatch', field: 'product' },
      { index: 6, code: 'url_required', field: 'url' },
      { index: 7, code: 'invalid', field: 'dimensions' },
      { index: 8, code: 'invalid', field: 'occurred_at' },
      { index: 9, code: 'in_future', field: 'occurred_at' },
      { index: 10, code: 'invalid', field: 'value' },
    ]);
    expect((await send({ events: [] })).status).toBe(400);
    expect((await send(null, { raw: '{"events": [' })).body.error).toBe('bad_request');
    expect((await send({ events: Array.from({ length: 1001 }, () => event(0)) })).body.error).toBe('too_many_events');
    const huge = await send(null, { raw: JSON.stringify({ events: [event(0, { title: 'x'.repeat(1_100_000) })] }) });
    expect([huge.status, huge.body.error]).toEqual([413, 'too_large']);
  });

  it('never answers a 5xx, whatever the body or headers (fuzz)', async () => {
    const statuses = new Set<number>();
    const bodies = [
      '', ' ', 'null', '[]', '{}', '{"events":null}', '{"events":{}}', '{"events":[[]]}', '{"events":"x"}', '\u0000\u0001', '{"events":[{"id":1e999}]}',
      JSON.stringify({ events: [{ ...event(0), dimensions: null }] }), JSON.stringify({ events: [{ ...event(0), __proto__: { type: 'x' } }] }),
    ];
    for (let i = 0; i < 40; i++) bodies.push(randomBytes(1 + (i * 37) % 300).toString(i % 2 ? 'latin1' : 'base64'));
    for (const raw of bodies) {
      statuses.add((await send(null, { raw })).status);
      statuses.add((await send(null, { raw, signature: randomBytes(32).toString('hex') })).status);
    }
    for (const headers of [{}, { 'x-product': 'bownow' }, { 'x-product': 'bownow', 'x-timestamp': 'NaN' }, { 'x-product': '../../etc', 'x-timestamp': '1', 'x-signature': 'x' }, { 'content-type': 'text/plain', 'x-product': 'bownow' }] as Record<string, string>[]) {
      statuses.add((await fetch(`${portal.url}/ingest/v1/events`, { method: 'POST', headers, body: '{"events":[]}' })).status);
    }
    expect([...statuses].every((s) => s >= 200 && s < 500)).toBe(true);
  });
});
