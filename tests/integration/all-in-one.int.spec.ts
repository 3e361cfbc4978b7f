import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { READY, ctrlC, startAllInOne, type AllInOneRun } from '../../scripts/lib/all-in-one-process.js';
import { freePort } from '../support/ports.js';

/**
 * SLOW (two real starts of `npm start`'s script, ~10-20 s): the all-in-one process as a user runs
 * it, in its own process group like a terminal's foreground job, stopped the way a terminal's
 * Ctrl-C stops it (SIGINT to the whole group). Postgres must not take that signal itself: the
 * portal drains first and stops it last, so the log has no connection failures, and the data of
 * the first run is there in the second. How fast it starts is a goal of `npm run bench`
 * (scenario start-up: first start <= 15 s, restart <= 10 s), not asserted here: this file runs
 * beside the other integration files.
 */


function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

/** Ctrl-C within 30 s. */
const stop = (run: AllInOneRun) => ctrlC(run, 30_000);

/** pino lines at warn (40) or above. */
function warnings(output: string): string[] {
  return output.split('\n').filter((line) => {
    if (!line.startsWith('{')) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 40;
    } catch {
      return false;
    }
  });
}

describe('all-in-one start and Ctrl-C (slow)', () => {
  let dir: string | undefined;
  const children: ChildProcess[] = [];

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts, answers, stops cleanly on a group SIGINT, and keeps its data', async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-aio-'));
    await chmod(dir, 0o755); // as root, Postgres runs as `postgres`, which must reach the folder
    const pgPort = await freePort();
    const env = {
      DATA_DIR: dir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(pgPort), SMTP_SINK_PORT: String(await freePort()),
      NODE_ENV: 'development', LOG_LEVEL: 'info', WEB_DIST: '',
    };

    // First start: initdb, 60 migrated schemas, the demo seed.
    const first = await startAllInOne(env, 60_000);
    children.push(first.child);
    expect(first.readyLine).toContain(`http://localhost:${env.PORT}`);
    expect(first.output()).toContain('demo data seeded');
    const url = READY.exec(first.readyLine)![1]!;

    const status = await fetch(`${url}/v1/maintenance/status`);
    expect(status.status).toBe(200);
    expect((await status.json()).result).toMatchObject({ maintenance: false, access_status: { code: 20000 } });
    const signup = await fetch(`${url}/v1/signup/temporary`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'aio-restart@example.com', terms_agreed: true }),
    });
    expect(signup.status).toBe(200);
    // The mail went through the outbox, the in-process transport and SMTP into the sink.
    let messages: { to: string[]; subject: string }[] = [];
    for (let i = 0; i < 100 && !messages.some((m) => m.to.includes('aio-restart@example.com')); i++) {
      const res = await fetch(`${url}/dev/mailbox/messages`);
      expect(res.status).toBe(200);
      messages = await res.json();
      if (!messages.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(messages.map((m) => m.to)).toContainEqual(['aio-restart@example.com']);

    expect(await stop(first)).toBe(0);
    expect(warnings(first.output())).toEqual([]);
    expect(first.output()).not.toMatch(/connection (failed|terminated)|terminating connection/i);
    expect(first.output()).toContain('"msg":"stopped"');
    // Postgres stopped too, cleanly (a fast shutdown removes its lock file), and only after the portal.
    expect(await portOpen(pgPort)).toBe(false);
    expect(existsSync(join(dir, 'pg', 'postmaster.pid'))).toBe(false);

    // Second start: no initdb, no seed; the first run's row is there.
    const second = await startAllInOne(env, 60_000);
    children.push(second.child);
    expect(second.output()).not.toContain('demo data seeded');
    const db = new pg.Client({ connectionString: `postgresql://postgres:portal@127.0.0.1:${pgPort}/portal` });
    await db.connect();
    try {
      const rows = await db.query('SELECT region FROM jpn_identity.temporary_registrations WHERE email = $1', ['aio-restart@example.com']);
      expect(rows.rows).toEqual([{ region: 'jpn' }]);
      const owners = await db.query(`SELECT count(*)::int AS n FROM jpn_identity.accounts WHERE email = 'owner@example.com'`);
      expect(owners.rows).toEqual([{ n: 1 }]);
    } finally {
      await db.end();
    }
    expect(await stop(second)).toBe(0);
    expect(warnings(second.output())).toEqual([]);
    expect(await portOpen(pgPort)).toBe(false);
  }, 150_000);
});
