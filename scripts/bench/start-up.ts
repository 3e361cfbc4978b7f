/**
 * Scenario `start-up`: wall-clock start-up times, which are goals, not test assertions (a test
 * beside other tests on a shared machine measures its neighbours): the embedded PostgreSQL's warm
 * start (a data folder initialised before) and `npm start`'s all-in-one process, first start
 * (initdb, 60 migrated schemas, the demo seed) and restart, from spawn to its "Portal ready" line.
 * Goals (GOALS in scripts/bench.ts): embedded PostgreSQL warm start <= 10 s, all-in-one first start
 * <= 15 s, restart <= 10 s. The behaviour around them (data kept, clean Ctrl-C) is asserted by
 * services/common/test/embedded-db.int.spec.ts and tests/integration/all-in-one.int.spec.ts.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDb } from '../embedded-db.js';
import { ctrlC, startAllInOne } from '../lib/all-in-one-process.js';
import { freePort, type Scenario } from './lib/harness.js';

export const startUp: Scenario = {
  name: 'start-up',
  description: 'embedded PostgreSQL warm start; all-in-one first start and restart, spawn to ready (no load)',
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'portal-bench-start-'));
    await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres`
    try {
      const pgDir = join(dir, 'embedded');
      const pgPort = await freePort();
      const cold = performance.now();
      let db = await startEmbeddedDb({ dataDir: pgDir, port: pgPort });
      const coldMs = Math.round(performance.now() - cold);
      await db.stop();
      const warm = performance.now();
      db = await startEmbeddedDb({ dataDir: pgDir, port: pgPort });
      const warmMs = Math.round(performance.now() - warm);
      await db.stop();

      const env = {
        DATA_DIR: join(dir, 'aio'), PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), SMTP_SINK_PORT: String(await freePort()),
        NODE_ENV: 'development', LOG_LEVEL: 'warn', WEB_DIST: '',
      };
      const first = await startAllInOne(env, 120_000);
      await ctrlC(first);
      const second = await startAllInOne(env, 120_000);
      await ctrlC(second);
      return {
        scenario: this.name, url: '', reqPerSec: 0, latencyP50Ms: 0, latencyP99Ms: 0, latencyMeanMs: 0, requests: 0, non2xx: 0, errors: 0, timeouts: 0,
        durationSeconds: 0, connections: 0, pipelining: 0,
        extra: {
          'embedded PostgreSQL first start, initdb (ms)': coldMs,
          'embedded PostgreSQL warm start (ms)': warmMs,
          'all-in-one first start (ms)': first.ms,
          'all-in-one restart (ms)': second.ms,
        },
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
