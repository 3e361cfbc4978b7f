/**
 * Scenario `start-up`: wall-clock start-up times, which are goals, not test assertions (a test
 * beside other tests on a shared machine measures its neighbours): the embedded PostgreSQL's warm
 * start (a data folder initialised before) and `npm start`'s all-in-one process, first start
 * (initdb, 60 migrated schemas, the demo seed) and restart, from spawn to its "Portal ready" line.
 * Goals (GOALS in scripts/bench.ts): embedded PostgreSQL warm start <= 10 s, all-in-one first start
 * <= 15 s, restart <= 10 s. The behaviour around them (data kept, clean Ctrl-C) is asserted by
 * services/common/test/embedded-db.int.spec.ts and tests/integration/all-in-one.int.spec.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDb } from '../embedded-db.js';
import { ROOT } from '../lib/root.js';
import { freePort, type Scenario } from './lib/harness.js';

const READY = /Portal ready in [\d.]+ s: (http:\/\/\S+)/;

/** Milliseconds from spawn to the all-in-one's ready line; the process is left running. */
async function startAllInOne(env: Record<string, string>): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-all-in-one.ts')], { cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`all-in-one not ready in 120 s:\n${out.slice(-2000)}`)), 120_000);
    child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (READY.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`all-in-one exited (${code}) before ready:\n${out.slice(-2000)}`)); });
  });
  child.removeAllListeners('exit');
  return { child, ms: Math.round(performance.now() - t0) };
}

/** Ctrl-C as a terminal sends it (SIGINT to the process group), and waits for the exit. */
async function ctrlC(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
}

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
      const first = await startAllInOne(env);
      await ctrlC(first.child);
      const second = await startAllInOne(env);
      await ctrlC(second.child);
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
