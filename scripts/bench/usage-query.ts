/**
 * Scenario `usage-query` (issue 13): the 1-year daily series of one metric for a client with
 * 10,000,000 events, at p95, from the rollups through the UsageStore (PgUsageStore.series: the
 * call the dashboards make), beside the same series computed from the raw events (a bench-only
 * table `bench_usage_events` of the same 10 M events, indexed on client, product, type, time), as a
 * ratio. The raw events are made by generate_series; the rollups are aggregated from them (so both
 * answers must agree, and the bench checks it), with 1,000 other clients' rows around them.
 * Goal: p95 <= 20 ms. BENCH_USAGE_RAW_EVENTS sets the event count.
 */
import { performance } from 'node:perf_hooks';
import { PrismaPg } from '@prisma/adapter-pg';
import { urlWithSearchPath } from '@portal/service-common/db/shard-map';
import { dayInZone } from '@portal/service-common/usage-ingest';
import { PrismaClient } from '../../services/usage-log/src/generated/prisma/client.js';
import type { UsageLogDb } from '../../services/usage-log/src/db.js';
import { addDays } from '../../services/usage-log/src/usage/buckets.js';
import { PgUsageStore } from '../../services/usage-log/src/usage/usage-store.pg.js';
import { DEMO_IDS } from '../seed.js';
import { createBenchDatabase } from './lib/database.js';
import type { Scenario } from './lib/harness.js';

export const USAGE_RAW_EVENTS = Number(process.env.BENCH_USAGE_RAW_EVENTS ?? 10_000_000);
const ROLLUP_RUNS = 300;
const RAW_RUNS = 5;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 100) / 100;
};

export const usageQuery: Scenario = {
  name: 'usage-query',
  description: `the 1-year daily series of a client with ${USAGE_RAW_EVENTS.toLocaleString('en-US')} events: rollups (UsageStore) p95, and the raw-events query beside it`,
  async run() {
    const db = await createBenchDatabase();
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: urlWithSearchPath(db.url, 'jpn_usage_log'), max: 2 }, { schema: 'jpn_usage_log' }) });
    try {
      const client = DEMO_IDS.client;
      const t0 = performance.now();
      // 10 M events over the last 365 days (Tokyo), four types; one event every ~3 s.
      await db.query(`CREATE TABLE jpn_usage_log.bench_usage_events (client_uuid uuid NOT NULL, product text NOT NULL, type text NOT NULL, occurred_at timestamptz NOT NULL)`);
      await db.query(
        `INSERT INTO jpn_usage_log.bench_usage_events
         SELECT $1::uuid, 'bownow', (ARRAY['page_view','session','user','conversion'])[1 + g % 4], now() - make_interval(secs => (g::float8 * 365 * 86400 / $2::int))
           FROM generate_series(1, $2::int) g`, [client, USAGE_RAW_EVENTS]);
      await db.query('CREATE INDEX bench_usage_events_idx ON jpn_usage_log.bench_usage_events (client_uuid, product, type, occurred_at)');
      await db.query('ANALYZE jpn_usage_log.bench_usage_events');
      const rawSeconds = Math.round((performance.now() - t0) / 100) / 10;
      // The rollups of those events, plus 1,000 other clients' year of totals around them.
      await db.query(
        `INSERT INTO jpn_usage_log.usage_daily (client_uuid, product, metric, dimension, dimension_value, day, count)
         SELECT client_uuid, product, type, '', '', (occurred_at AT TIME ZONE 'Asia/Tokyo')::date, count(*)
           FROM jpn_usage_log.bench_usage_events GROUP BY 1, 2, 3, 6`);
      await db.query(
        `INSERT INTO jpn_usage_log.usage_daily (client_uuid, product, metric, dimension, dimension_value, day, count)
         SELECT c.id, 'bownow', m, '', '', current_date - d, 1 + (d * 7) % 100
           FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, 1000)) c, unnest(ARRAY['page_view','session']) m, generate_series(0, 364) d`);
      await db.query('ANALYZE jpn_usage_log.usage_daily');

      const store = new PgUsageStore({ client: () => prisma } as unknown as UsageLogDb, 'jpn');
      const to = dayInZone(new Date(), 'Asia/Tokyo');
      const range = { from: addDays(to, -364), to };
      const query = { client, product: 'bownow', metric: 'page_view', range, unit: 'day' as const, weekStartsOn: 1 as const };
      const rollup: number[] = [];
      let answer = await store.series(query);
      for (let i = 0; i < 20; i++) await store.series(query);
      for (let i = 0; i < ROLLUP_RUNS; i++) {
        const s = performance.now();
        answer = await store.series(query);
        rollup.push(performance.now() - s);
      }
      const raw: number[] = [];
      let rawTotal = 0;
      for (let i = 0; i < RAW_RUNS; i++) {
        const s = performance.now();
        const rows = await prisma.$queryRaw<{ day: string; n: bigint }[]>`
          SELECT (occurred_at AT TIME ZONE 'Asia/Tokyo')::date::text AS day, count(*) AS n FROM bench_usage_events
           WHERE client_uuid = ${client}::uuid AND product = 'bownow' AND type = 'page_view'
             AND occurred_at >= (${range.from}::date::timestamp AT TIME ZONE 'Asia/Tokyo') AND occurred_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')
           GROUP BY 1`;
        raw.push(performance.now() - s);
        rawTotal = rows.reduce((sum, r) => sum + Number(r.n), 0);
      }
      const rollupTotal = answer[0]!.points.reduce((s, p) => s + p.value, 0);
      if (rollupTotal !== rawTotal) throw new Error(`the rollup series (${rollupTotal}) and the raw events (${rawTotal}) disagree`);
      const p95 = pct(rollup, 95);
      return {
        scenario: this.name, url: 'PgUsageStore.series (1 year, daily)', reqPerSec: Math.round(1000 / (rollup.reduce((a, b) => a + b, 0) / rollup.length)),
        latencyP50Ms: pct(rollup, 50), latencyP99Ms: pct(rollup, 99), latencyMeanMs: Math.round(rollup.reduce((a, b) => a + b, 0) / rollup.length * 100) / 100,
        requests: ROLLUP_RUNS, non2xx: 0, errors: 0, timeouts: 0, durationSeconds: 0, connections: 1, pipelining: 1,
        extra: {
          'events of the client': USAGE_RAW_EVENTS,
          'page views in the year (both answers)': rollupTotal,
          'rollup series p95 (ms)': p95,
          'raw-events series p50 (ms)': pct(raw, 50),
          'raw / rollup (p50)': Math.round(pct(raw, 50) / pct(rollup, 50)),
          'raw events made in (s)': rawSeconds,
          'usage-query goal': p95 <= 20 ? 'met (p95 <= 20 ms)' : 'missed (p95 <= 20 ms)',
        },
      };
    } finally {
      await prisma.$disconnect();
      await db.drop();
    }
  },
};
