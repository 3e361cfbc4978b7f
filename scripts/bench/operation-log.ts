/**
 * Scenario `operation-log` (issue 9 §6): GET /v1/client_activity_log/list for a company whose log
 * holds 1,000,000 entries: gateway -> NATS -> usage-log (and identity for the account names),
 * each its own process. The entries are made by one INSERT ... SELECT generate_series (about a
 * minute on a busy 2-core machine). Pages are asked at a steady rate (an open model: a slow answer
 * does not slow the sender), rotating over the shapes the page takes: the newest page, a page by
 * cursor half-way down the log, a page of one account, a page of one category, a page of one day.
 * Goal: p95 <= 50 ms.
 */
import { performance } from 'node:perf_hooks';
import { OPERATIONS } from '@portal/proto';
import { DEMO_IDS } from '../seed.js';
import { ownerSession, startStack } from './accounts.js';
import { fixedRate, measure, type Scenario } from './lib/harness.js';

export const LOG_ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 1_000_000);
const RATE = Number(process.env.BENCH_LOG_RATE ?? 20);

export const operationLog: Scenario = {
  name: 'operation-log',
  description: `GET /v1/client_activity_log/list (50 a page) over ${LOG_ENTRIES.toLocaleString('en-US')} entries of one company: p95 at ${RATE} pages/s`,
  async run(load) {
    const stack = await startStack(['identity', 'usage-log']);
    try {
      const session = await ownerSession(stack.base);
      const accounts = (await stack.db.query<{ uuid: string }>('SELECT uuid::text AS uuid FROM jpn_identity.accounts WHERE tenant_uuid = $1', [DEMO_IDS.client])).map((a) => a.uuid);
      const t0 = performance.now();
      // One entry every 2 seconds back from now (about 23 days); an account for most, none (support) for some.
      await stack.db.query(
        `INSERT INTO jpn_usage_log.operation_logs (client_uuid, account_uuid, operation, detail, occurred_at)
         SELECT $1, CASE WHEN g % 10 = 0 THEN NULL ELSE ($2::text[])[1 + g % array_length($2::text[], 1)] END,
                ($3::text[])[1 + g % array_length($3::text[], 1)], '{}'::jsonb, now() - make_interval(secs => g * 2)
         FROM generate_series(1, $4::int) g`, [DEMO_IDS.client, accounts, [...OPERATIONS], LOG_ENTRIES]);
      await stack.db.query('ANALYZE jpn_usage_log.operation_logs');
      const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;

      const base = `${stack.base}/v1/client_activity_log/list?per_page=50`;
      const half = (await stack.db.query<{ ms: string; id: string }>(
        `SELECT (extract(epoch FROM occurred_at) * 1000)::bigint::text AS ms, id::text FROM jpn_usage_log.operation_logs
          WHERE client_uuid = $1 ORDER BY occurred_at DESC, id DESC OFFSET $2 LIMIT 1`, [DEMO_IDS.client, Math.floor(LOG_ENTRIES / 2)]))[0]!;
      // The day (in Tokyo, the jpn host's zone) of the entry half-way down the log.
      const day = new Date(Number(half.ms) + 9 * 3600_000).toISOString().slice(0, 10);
      const urls = [
        base,
        `${base}&cursor=${half.ms}~${half.id}`,
        `${base}&account_uuid=${accounts[0]}`,
        `${base}&category=login`,
        `${base}&from=${day}&to=${day}`,
      ];
      for (const url of urls) {
        const res = await fetch(url, { headers: session });
        const body = await res.json() as { result: { logs: unknown[]; total: number } };
        if (res.status !== 200 || !body.result.logs.length) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      }
      // Warm-up at the same rate, then the measured window.
      let i = 0;
      const send = async () => {
        const res = await fetch(urls[i++ % urls.length]!, { headers: session });
        await res.arrayBuffer();
        return res.status;
      };
      if (load.warmupSeconds > 0) await fixedRate(send, RATE, load.warmupSeconds);
      const steady = await fixedRate(send, RATE, Math.max(10, load.durationSeconds));
      // And the most pages a second the stack gives (closed model, 10 connections), newest page.
      const max = await measure(this.name, base, { ...load, connections: Math.min(load.connections, 10) }, { headers: session });
      return {
        ...max,
        extra: {
          'entries in the company log': LOG_ENTRIES,
          'seeded in (s)': seedSeconds,
          [`p50 at ${RATE} pages/s (ms)`]: steady.p50,
          [`p95 at ${RATE} pages/s (ms)`]: steady.p95,
          [`p99 at ${RATE} pages/s (ms)`]: steady.p99,
          [`failed at ${RATE} pages/s`]: steady.failed,
          p95_ms: steady.p95,
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
