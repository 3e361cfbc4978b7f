import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../src/jobs.js';
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
      const queue = (await client.query(`SELECT policy FROM "${schema}".queue WHERE name = $1`, [`${service}-daily`])).rows;
      expect(queue).toEqual([{ policy: 'singleton' }]);
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
