import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/embedded-db.js';
import { JobRunner, unrecordedJobOutcomes } from '../src/jobs.js';
import { eventually } from '../../../tests/support/harness.js';
import { freePort } from '../../../tests/support/ports.js';

/**
 * A PostgreSQL restart under scheduled jobs (the faults test's usage-log exit (1)): pg-boss 10.4.2
 * records a job's outcome without awaiting it, so an outcome recorded while the database restarts
 * was an unhandled rejection, and the process guard exited the service. On a PostgreSQL of its own
 * (embedded, private port; the shared server is never restarted) this test fails a run while the
 * database is down and asserts that nothing rejects unhandled, that the failure is recorded once
 * the database is back and the run retried to completion; and that pg-boss's own worker (which the
 * cron schedules still use) survives the same; and that a service started while the database is
 * down starts its jobs once it is back.
 */

/** Lets Node report a rejection that nobody handled (it does so after the microtask queue drains). */
const turn = () => new Promise<void>((r) => setImmediate(r));

describe('scheduled jobs across a PostgreSQL restart', () => {
  let dir: string;
  let dataDir: string;
  let port: number;
  let db: EmbeddedDb | undefined;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => { unhandled.push(reason); };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-jobs-restart-'));
    await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres`
    dataDir = path.join(dir, 'pg');
    port = await freePort();
    db = await startEmbeddedDb({ dataDir, port });
    process.on('unhandledRejection', onUnhandled);
  }, 60_000);

  /** The database goes down inside a test; a test that failed there leaves it down for the next. */
  let down = false;
  const stopDb = async () => {
    down = true;
    await db!.stop();
  };
  const startDb = async () => {
    db = await startEmbeddedDb({ dataDir, port });
    down = false;
  };
  beforeEach(async () => {
    unhandled.length = 0;
    if (down) await startDb();
  }, 60_000);

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    if (!down) await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('a run that fails while the database is down is recorded once it is back and retried; the process never sees an unhandled rejection', async () => {
    const runner = new JobRunner({ service: 'restart', connectionString: db!.url, enabled: true, pollingIntervalSeconds: 0.5 });
    let runs = 0;
    let entered!: () => void;
    let release!: (error?: Error) => void;
    const firstEntered = new Promise<void>((r) => { entered = r; });
    const firstReleased = new Promise<void>((resolve, reject) => { release = (error) => (error ? reject(error) : resolve()); });
    firstReleased.catch(() => undefined);
    runner.register({
      name: 'restart-demo', cron: '10 0 * * *', retryLimit: 2, retryDelaySeconds: 1,
      run: async () => {
        runs += 1;
        if (runs > 1) return;
        entered();
        await firstReleased;
      },
    });
    runner.onApplicationBootstrap();
    await runner.started();
    try {
      const id = (await runner.trigger('restart-demo'))!;
      await firstEntered;
      // The database goes away while the run is under way; the run then fails (its queries would).
      await stopDb();
      const before = unrecordedJobOutcomes();
      release(new Error('database went away'));
      // The failure cannot be recorded now; an unhandled rejection would show up here too.
      await eventually(async () => unrecordedJobOutcomes() > before || unhandled.length > 0, 30_000, 'an attempt to record the outcome');
      await turn();
      await turn();
      expect(unhandled).toEqual([]);

      await startDb();
      // Recorded once the database answers again, then retried (1 s back-off) and completed.
      await eventually(async () => (await runner.state('restart-demo', id).catch(() => null)) === 'completed', 60_000, 'the retried run to complete');
      expect(runs).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      await runner.onApplicationShutdown();
    }
  }, 120_000);

  it("pg-boss's own worker (cron's send-it queue) recording an outcome while the database is down does not reject unhandled", async () => {
    const boss = new PgBoss({ connectionString: db!.url, schema: 'pgboss_guard', max: 2 });
    boss.on('error', () => undefined);
    await boss.start();
    try {
      await boss.createQueue('guard-demo');
      let entered!: () => void;
      const running = new Promise<void>((r) => { entered = r; });
      let release!: () => void;
      const released = new Promise<void>((r) => { release = r; });
      await boss.work('guard-demo', { pollingIntervalSeconds: 0.5 }, async () => {
        entered();
        await released;
      });
      await boss.send('guard-demo', {});
      await running;
      await stopDb();
      const before = unrecordedJobOutcomes();
      release(); // the handler finishes while the database is down: pg-boss's `complete` fails
      await eventually(async () => unrecordedJobOutcomes() > before || unhandled.length > 0, 30_000, "pg-boss's attempt to record the outcome");
      await turn();
      await turn();
      expect(unhandled).toEqual([]);
      await startDb();
    } finally {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    }
  }, 120_000);

  it('a service that starts while the database is down schedules its jobs once the database is back', async () => {
    await stopDb();
    const runner = new JobRunner({ service: 'late', connectionString: db!.url, enabled: true, pollingIntervalSeconds: 0.5 });
    let runs = 0;
    runner.register({ name: 'late-demo', cron: '10 0 * * *', run: async () => { runs += 1; } });
    runner.onApplicationBootstrap();
    try {
      expect(await runner.trigger('late-demo')).toBeNull(); // the first attempt failed: nothing queued
      await startDb();
      await runner.started(); // tried again until the database answered
      const id = (await runner.trigger('late-demo'))!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await eventually(async () => (await runner.state('late-demo', id)) === 'completed', 30_000, 'the run to complete');
      expect(runs).toBe(1);
      expect(unhandled).toEqual([]);
    } finally {
      await runner.onApplicationShutdown();
    }
  }, 120_000);
});
