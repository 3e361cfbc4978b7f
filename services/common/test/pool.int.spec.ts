/**
 * The connection budget and error safety of db/pool.ts (issue 9, items 5 and 10), against the test
 * PostgreSQL: pools of several shards never hold more than the process's budget together, a pool
 * that needs a connection takes an idle one of another pool, and a connection terminated by the
 * server (57P01, as on a restart), idle or in use, is logged and replaced, never an uncaught error.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ConnectionBudget, createPool } from '../src/db/pool.js';
import { TEST_DATABASE_URL } from './db-helpers.js';

const app = `pooltest-${randomBytes(4).toString('hex')}`;
const warnings: unknown[] = [];
const log = { warn: (fields: unknown) => { warnings.push(fields); } };
const pools: pg.Pool[] = [];
const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
admin.on('error', () => undefined);

const ours = async () => Number((await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [app])).rows[0]!.n);
const terminateOurs = async () => (await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [app])).rowCount;

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await admin.end();
});

describe('connection budget', () => {
  it('keeps every pool of a process within DB_MAX_CONNECTIONS together, lending idle connections across pools', async () => {
    const budget = new ConnectionBudget(3, 20_000);
    const make = (label: string) => {
      const p = createPool({ connectionString: TEST_DATABASE_URL, max: 2, idleTimeoutMs: 60_000, budget, log, label, applicationName: app });
      pools.push(p);
      return p;
    };
    const shards = ['jpn', 'usa', 'tha', 'global'].map(make);
    let most = 0;
    const watch = setInterval(() => { most = Math.max(most, budget.inUse); }, 1);
    // 4 pools x 2 connections each would be 8; each query holds its connection 50 ms.
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => shards[i % 4]!.query('SELECT pg_sleep(0.05), 1 AS one')));
    clearInterval(watch);
    expect(results.every((r) => r.rows[0].one === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(3);
    expect(await ours()).toBeLessThanOrEqual(3);
  });

  it('opens a connection above the budget, with a warning, rather than deadlock when every holder waits for another', async () => {
    warnings.length = 0;
    const budget = new ConnectionBudget(1, 200, log);
    const a = createPool({ connectionString: TEST_DATABASE_URL, max: 1, idleTimeoutMs: 60_000, budget, log, label: 'a', applicationName: app });
    const b = createPool({ connectionString: TEST_DATABASE_URL, max: 1, idleTimeoutMs: 60_000, budget, log, label: 'b', applicationName: app });
    pools.push(a, b);
    const held = await a.connect(); // a transaction on one shard...
    try {
      expect((await b.query('SELECT 3 AS three')).rows[0].three).toBe(3); // ...reading another
    } finally {
      held.release();
    }
    expect(warnings).toEqual([expect.objectContaining({ budget: 1 })]);
  });

  it('survives the server terminating its connections, idle or in use, and goes on', async () => {
    warnings.length = 0;
    const pool = createPool({ connectionString: TEST_DATABASE_URL, max: 2, idleTimeoutMs: 60_000, log, label: 'restart', applicationName: app });
    pools.push(pool);
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    try {
      await pool.query('SELECT 1'); // one idle connection now
      const held = await pool.connect(); // and one checked out, as in a transaction
      await held.query('BEGIN');
      await terminateOurs();
      await expect(held.query('SELECT 1')).rejects.toThrow();
      held.release(true);
      // The idle one reported its end through the pool; the next query gets a fresh connection.
      expect((await pool.query('SELECT 2 AS two')).rows[0].two).toBe(2);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
  });
});
