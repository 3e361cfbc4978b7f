import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_JOB_LEASE_SECONDS, JobRunner } from '../src/jobs.js';
import { eventually } from '../../../tests/support/harness.js';
import { TEST_DATABASE_URL, uniqueService } from './db-helpers.js';

/**
 * jobs.ts on the real PostgreSQL: pg-boss 10.4.2 in its own schema, a singleton queue with a cron
 * schedule, a worker that runs the job when a run is queued, and `runNow` without pg-boss.
 */
describe('JobRunner (pg-boss)', () => {
  const service = uniqueService('jobs');
  const schema = `pgboss_${service}`;
  const runner = new JobRunner({ service, connectionString: TEST_DATABASE_URL, enabled: true, pollingIntervalSeconds: 0.5 });
  let runs = 0;
  runner.register({ name: `${service}-daily`, cron: '5 * * * *', tz: 'Asia/Tokyo', run: async () => { runs += 1; } });

  afterAll(async () => {
    await runner.onApplicationShutdown();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('schedules the job in its own schema and runs a queued run once', async () => {
    await runner.runNow(`${service}-daily`);
    expect(runs).toBe(1);
    expect(await runner.trigger(`${service}-daily`)).toBeNull(); // not started yet
    runner.onApplicationBootstrap();
    await runner.started();
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const schedules = (await client.query(`SELECT name, cron, timezone FROM "${schema}".schedule`)).rows;
      expect(schedules).toEqual([{ name: `${service}-daily`, cron: '5 * * * *', timezone: 'Asia/Tokyo' }]);
      const queue = (await client.query(`SELECT policy, expire_seconds FROM "${schema}".queue WHERE name = $1`, [`${service}-daily`])).rows;
      // A run's lease: JOBS_LEASE_SECONDS' default, renewed by its worker.
      expect(queue).toEqual([{ policy: 'singleton', expire_seconds: 10 }]);
    } finally {
      await client.end();
    }
    const id = (await runner.trigger(`${service}-daily`))!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The worker polls every 0.5 s here: wait for the run's state, not for time.
    for (let i = 0; i < 200 && (await runner.state(`${service}-daily`, id)) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await runner.state(`${service}-daily`, id)).toBe('completed');
    expect(runs).toBe(2);
    await expect(runner.runNow('nope')).rejects.toThrow(/no job nope/);
  });
});

/**
 * The lease (issue 21, item 9): a run whose process is SIGKILLed is taken over by another worker
 * within 1.5 leases plus a poll (at the default lease: within 30 s), and the operator's view says so
 * meanwhile; a live run that takes several leases (short ones here) is never taken over.
 */
describe('JobRunner leases', () => {
  const schemas: string[] = [];
  const runners: JobRunner[] = [];
  let child: ChildProcess | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await Promise.all(runners.map((r) => r.onApplicationShutdown()));
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }, 60_000);

  it('takes over the run of a process that was killed, within 1.5 leases and a poll (under 30 s at the default lease), and tells what it waits for meanwhile', async () => {
    const service = uniqueService('held');
    schemas.push(`pgboss_${service}`);
    const lease = DEFAULT_JOB_LEASE_SECONDS;
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/job-worker.ts', import.meta.url)), TEST_DATABASE_URL, service, String(lease)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    await eventually(async () => out.includes('running'), 30_000, 'the worker process to start its run');

    const runner = new JobRunner({ service, connectionString: TEST_DATABASE_URL, enabled: true, pollingIntervalSeconds: 0.5, leaseSeconds: lease });
    runners.push(runner);
    let resumedAt = 0;
    runner.register({ name: `${service}-held`, cron: '0 0 1 1 *', retryLimit: 3, retryDelaySeconds: 60, run: async () => { resumedAt ||= performance.now(); } });
    runner.onApplicationBootstrap();
    await runner.started();
    const alive = await runner.activity(`${service}-held`);
    expect(alive?.active).toMatchObject({ stale: false });

    const killedAt = performance.now();
    child.kill('SIGKILL');
    // Stale once the dead worker missed two renewals: "taken over within N s".
    const stale = await eventually(async () => {
      const now = await runner.activity(`${service}-held`);
      return now?.active?.stale ? now.active : resumedAt ? 'resumed first' : null;
    }, 30_000, 'the dead run to show as stale');
    expect(stale).toMatchObject({ stale: true });
    if (typeof stale === 'object') expect(stale.takeoverWithinSeconds).toBeLessThanOrEqual(lease * 1.5 + 1);

    await eventually(async () => resumedAt > 0, 30_000, 'another worker to take the run over');
    const takeover = (resumedAt - killedAt) / 1000;
    process.stdout.write(`jobs: run of a killed worker taken over after ${takeover.toFixed(1)} s (lease ${lease} s)\n`);
    expect(takeover).toBeLessThan(lease * 1.5 + 1.5);
    expect(takeover).toBeLessThan(30);
    await eventually(async () => (await runner.activity(`${service}-held`))?.active === null, 10_000, 'the resumed run to complete');
  }, 90_000);

  it('keeps a live run that takes several leases: it runs once and is never taken over', async () => {
    const service = uniqueService('long');
    schemas.push(`pgboss_${service}`);
    const name = `${service}-long`;
    let runs = 0;
    let aborted = false;
    const work = async (signal: AbortSignal) => {
      runs += 1;
      if (runs > 1) return;
      await new Promise((r) => setTimeout(r, 4_500));
      aborted ||= signal.aborted;
    };
    // Two workers of the same service: the second would take over a run whose lease ran out.
    const [a, b] = [1, 2].map(() => new JobRunner({ service, connectionString: TEST_DATABASE_URL, enabled: true, pollingIntervalSeconds: 0.5, leaseSeconds: 1 }));
    runners.push(a!, b!);
    for (const r of [a!, b!]) r.register({ name, cron: '0 0 1 1 *', run: work });
    a!.onApplicationBootstrap();
    await a!.started(); // one after the other: two first starts race to create pg-boss's schema
    b!.onApplicationBootstrap();
    await b!.started();
    const id = (await a!.trigger(name))!;
    await eventually(async () => runs === 1, 10_000, 'the long run to start');
    // Started again while it runs: one run queued behind it, however often it is asked for.
    const next = (await b!.trigger(name))!;
    expect(next).not.toBe(id);
    expect(await a!.trigger(name)).toBe(next);
    await eventually(async () => (await a!.state(name, id)) === 'completed', 20_000, 'the long run to complete');
    await eventually(async () => (await a!.state(name, next)) === 'completed', 10_000, 'the run queued behind it');
    expect({ runs, aborted }).toEqual({ runs: 2, aborted: false });
  }, 60_000);
});
