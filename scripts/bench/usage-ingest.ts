/**
 * Scenario `usage-ingest` (issue 13): usage events per second sustained into the rollups. The
 * usage-log service runs as its own process over NATS; the bench publishes batches of 1,000
 * events exactly as the gateway's `POST /ingest/v1/events` does after the signature check
 * (judgeUsageEvents + publishUsageEvents: the same functions), to the JetStream stream, and times
 * from the first publish until the consumer has applied the last event (the sum of
 * usage_watermarks.events). Each batch is one product's request for 10 of 200 clients, 20,000
 * users, 90 % of events today and 10 % late (up to 6 days back), all dimensions, a URL on page views.
 * Goal: >= 20,000 events/s.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { INGEST_PRODUCT_IDS, PRODUCT_EVENT_TYPES, type TProductId, type TUsageEvent } from '@portal/proto';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { judgeUsageEvents, publishUsageEvents } from '@portal/service-common/usage-ingest';
import { createBenchDatabase, TEST_NATS_URL } from './lib/database.js';
import { BENCH_ENV, spawnScript, stopChild, type Scenario } from './lib/harness.js';

export const USAGE_BENCH_EVENTS = Number(process.env.BENCH_USAGE_EVENTS ?? 300_000);
const BATCH = 1000;
const CLIENTS = Array.from({ length: 200 }, () => randomUUID());

function batchOf(n: number): { product: TProductId; events: TUsageEvent[] } {
  const product = INGEST_PRODUCT_IDS[n % INGEST_PRODUCT_IDS.length]!;
  const types = PRODUCT_EVENT_TYPES[product]!;
  const clients = Array.from({ length: 10 }, (_, i) => CLIENTS[(n * 10 + i) % CLIENTS.length]!);
  const now = Date.now();
  const raw = Array.from({ length: BATCH }, (_, i) => {
    const type = types[i % types.length]!;
    const late = i % 10 === 0 ? (1 + (i % 6)) * 86_400_000 : 0;
    return {
      id: randomUUID(), client_uuid: clients[i % clients.length], product, type, occurred_at: new Date(now - late - (i % 3600) * 1000).toISOString(),
      user_key: `u${(n * 7919 + i * 104_729) % 20_000}`, session_key: `s${n}-${i % 200}`,
      dimensions: { device: ['pc', 'smartphone', 'tablet'][i % 3], os: ['windows', 'macos', 'ios', 'android'][i % 4], region: `r${i % 8}`, route: ['search', 'direct', 'social', 'ads'][i % 4] },
      ...(type === 'page_view' ? { url: `/page/${i % 40}`, title: `Page ${i % 40}` } : {}),
    };
  });
  const judged = judgeUsageEvents(product, raw, 'jpn', new Date(now));
  if (judged.rejected.length) throw new Error(`bench events refused: ${JSON.stringify(judged.rejected.slice(0, 3))}`);
  return { product, events: judged.events };
}

export const usageIngest: Scenario = {
  name: 'usage-ingest',
  description: `${USAGE_BENCH_EVENTS.toLocaleString('en-US')} usage events in batches of ${BATCH} through JetStream into the rollups (usage-log as its own process): events/s`,
  async run() {
    const db = await createBenchDatabase();
    const namespace = `bench${randomBytes(4).toString('hex')}`;
    const env = {
      ...BENCH_ENV, TRANSPORT: 'nats', NATS_URL: process.env.NATS_URL ?? TEST_NATS_URL, NATS_NAMESPACE: namespace, DATABASE_URL: db.url, LOG_LEVEL: 'warn',
    };
    const child = spawnScript('scripts/run-service.ts', ['usage-log'], env, 'usage-log');
    const transport = await NatsTransport.connect(env.NATS_URL, 'bench-usage', namespace);
    const applied = async () => Number((await db.query<{ n: string }>('SELECT coalesce(sum(events), 0)::text AS n FROM jpn_usage_log.usage_watermarks'))[0]!.n);
    try {
      // Warm-up: one batch, applied once the service's consumer is up.
      const warm = batchOf(0);
      await publishUsageEvents(transport, 'jpn', warm.events, `bench-warm-${namespace}`, 'bench');
      const w0 = performance.now();
      while ((await applied()) < warm.events.length) {
        if (performance.now() - w0 > 120_000) throw new Error('usage-log did not apply the warm-up batch in 2 minutes');
        await new Promise((r) => setTimeout(r, 100));
      }
      const batches = Math.ceil(USAGE_BENCH_EVENTS / BATCH);
      const prepared = Array.from({ length: batches }, (_, i) => batchOf(i + 1));
      const total = warm.events.length + prepared.reduce((s, b) => s + b.events.length, 0);
      const t0 = performance.now();
      // Publish with a few in flight (as several gateway requests would), each acknowledged by JetStream.
      let next = 0;
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (next < prepared.length) {
          const i = next++;
          await publishUsageEvents(transport, 'jpn', prepared[i]!.events, `bench-${namespace}-${i}`, 'bench');
        }
      }));
      const published = performance.now();
      let done = 0;
      while ((done = await applied()) < total) {
        if (performance.now() - t0 > 600_000) throw new Error(`only ${done} of ${total} events applied in 10 minutes`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (performance.now() - t0) / 1000;
      const perSec = Math.round((total - warm.events.length) / seconds);
      const rows = (await db.query<{ daily: string; sketches: string; size: string }>(
        `SELECT (SELECT count(*) FROM jpn_usage_log.usage_daily)::text AS daily, (SELECT count(*) FROM jpn_usage_log.usage_distinct)::text AS sketches,
                pg_size_pretty(pg_total_relation_size('jpn_usage_log.usage_distinct')) AS size`))[0]!;
      return {
        scenario: this.name, url: 'events.usage.events.jpn', reqPerSec: perSec, latencyP50Ms: 0, latencyP99Ms: 0, latencyMeanMs: 0,
        requests: batches, non2xx: 0, errors: 0, timeouts: 0, durationSeconds: Math.round(seconds * 10) / 10, connections: 8, pipelining: 1,
        extra: {
          'events applied': total - warm.events.length,
          'events/s into rollups': perSec,
          'publish done after (s)': Math.round((published - t0) / 100) / 10,
          'usage_daily rows': Number(rows.daily),
          'usage_distinct sketches': `${rows.sketches} (${rows.size})`,
          'usage-ingest goal': perSec >= 20_000 ? 'met (>= 20,000 events/s)' : 'missed (>= 20,000 events/s)',
        },
      };
    } finally {
      await transport.drain().catch(() => undefined);
      await stopChild(child);
      const cleaner = await NatsTransport.connect(env.NATS_URL, 'bench-cleanup', namespace).catch(() => undefined);
      if (cleaner) {
        await cleaner.destroyStream();
        await cleaner.drain();
      }
      await db.drop();
    }
  },
};
