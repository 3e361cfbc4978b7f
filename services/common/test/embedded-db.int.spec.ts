import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb, type EmbeddedDb } from '../../../scripts/embedded-db.js';
import { ROOT } from '../../../scripts/lib/root.js';
import { freePort } from '../../../tests/support/ports.js';

/**
 * SLOW (initdb + two starts, ~2-5 s): the embedded PostgreSQL of the all-in-one mode, in a
 * temporary data folder and on a random high port (never the system cluster's 5432). The warm
 * start time is a goal of `npm run bench` (scenario start-up, <= 10 s), not asserted here.
 */
async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}


function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

describe('embedded PostgreSQL (slow)', () => {
  let dir: string | undefined;
  let db: EmbeddedDb | undefined;
  let port = 0;

  afterAll(async () => {
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('initialises on first start, keeps data across a restart, and stops cleanly', async () => {
    port = await freePort();
    dir = await mkdtemp(path.join(tmpdir(), 'portal-embedded-pg-'));
    await chmod(dir, 0o755); // as root, Postgres runs as `postgres`, which must reach the folder
    const dataDir = path.join(dir, 'pg');

    db = await startEmbeddedDb({ dataDir, port });
    expect(db.initialised).toBe(true);
    expect(db.url).toBe(`postgresql://postgres:portal@127.0.0.1:${port}/portal`);
    expect(await query(db.url, 'SHOW max_connections')).toEqual([{ max_connections: '300' }]);
    await query(db.url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES (\'survives\')');
    await db.stop();
    expect(await portOpen(port)).toBe(false);

    db = await startEmbeddedDb({ dataDir, port });
    expect(db.initialised).toBe(false);
    expect(await query(db.url, 'SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
    await db.stop();
    await db.stop(); // idempotent
    db = undefined;
    expect(await portOpen(port)).toBe(false);
  }, 120_000);

  it.skipIf(process.getuid?.() !== 0)('as root, explains a data folder the postgres user cannot reach', async () => {
    port ||= await freePort();
    const hidden = await mkdtemp(path.join(tmpdir(), 'portal-embedded-pg-hidden-')); // mode 0700
    try {
      await expect(startEmbeddedDb({ dataDir: path.join(hidden, 'pg'), port })).rejects.toThrow(/not searchable/);
    } finally {
      await rm(hidden, { recursive: true, force: true });
    }
  });

  it('stops the server a killed all-in-one process left on the data folder, and starts (issue 9, item 11)', async () => {
    const leftPort = await freePort();
    const leftDir = await mkdtemp(path.join(tmpdir(), 'portal-embedded-pg-left-'));
    await chmod(leftDir, 0o755);
    const dataDir = path.join(leftDir, 'pg');
    let again: EmbeddedDb | undefined;
    try {
      // The database's owner process, killed without a chance to stop it (SIGKILL runs no exit hook).
      const owner = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'embedded-db.ts'), String(leftPort), dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      const ready = await new Promise<string>((resolve, reject) => {
        let out = '';
        owner.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const url = /ready in .*: (\S+)/.exec(out)?.[1];
          if (url) resolve(url);
        });
        owner.once('exit', (code) => reject(new Error(`embedded-db.ts exited (${code})`)));
      });
      await query(ready, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES (\'still here\')');
      const leftPid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      const exited = new Promise((resolve) => owner.once('exit', resolve));
      owner.kill('SIGKILL');
      await exited;
      expect(await portOpen(leftPort)).toBe(true); // the orphan still serves the folder

      again = await startEmbeddedDb({ dataDir, port: leftPort });
      expect(await query(again.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
      const pidNow = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      expect(pidNow).not.toBe(leftPid);
      expect(() => process.kill(leftPid, 0)).toThrow(); // the orphan is gone
    } finally {
      await again?.stop();
      await rm(leftDir, { recursive: true, force: true });
    }
  }, 120_000);
});
