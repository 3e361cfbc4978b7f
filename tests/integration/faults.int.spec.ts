/**
 * SLOW (~50 s; runs beside the other integration files): distributed mode under faults (issue 9, item 10). `start-distributed.ts`
 * runs the gateway and the five services as six processes over the real NATS server, against a
 * PostgreSQL this test owns (embedded, in a temporary folder on its own port; never the shared
 * server). While an owner invites people, the test kills the notification service (SIGKILL; the
 * supervisor restarts it) and restarts PostgreSQL. Then every invitee has exactly one mail, and
 * every process is up: none other than the killed one was restarted, and the gateway is ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { SHARDS } from '@portal/proto';
import { ROOT } from '../../scripts/lib/root.js';
import { startEmbeddedDb, type EmbeddedDb } from '../../scripts/embedded-db.js';
import { Agent } from '../support/agent.js';
import { eventually, TEST_NATS_URL, type TestPortal } from '../support/harness.js';
import { freePort } from '../support/ports.js';


const SERVICES = ['identity', 'licence', 'billing', 'notification', 'usage-log'];

describe('distributed mode under faults (slow)', () => {
  const namespace = `f${randomBytes(4).toString('hex')}`;
  let dir: string;
  let dataDir: string;
  let pgPort: number;
  let db: EmbeddedDb | undefined;
  let starter: ChildProcess;
  let url: string;
  /** `started <name> (pid N)` lines of the supervisor, in order. */
  const starts: { name: string; pid: number }[] = [];
  let output = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-faults-'));
    await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres`
    dataDir = path.join(dir, 'pg');
    pgPort = await freePort();
    db = await startEmbeddedDb({ dataDir, port: pgPort });
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = {
      ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'error', NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SMTP_SINK_PORT: String(await freePort()), WEB_DIST: '',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
    delete env.SMTP_URL;
    starter = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-distributed.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    starter.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const m of chunk.toString().matchAll(/^started (\S+) \(pid (\d+)\)$/gm)) starts.push({ name: m[1]!, pid: Number(m[2]) });
    });
    starter.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    await eventually(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200, 150_000);
  }, 240_000);

  afterAll(async () => {
    if (starter && starter.exitCode === null && starter.signalCode === null) {
      await new Promise<void>((resolve) => {
        starter.once('exit', () => resolve());
        starter.kill('SIGTERM');
      });
    }
    const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'cleanup', namespace);
    await cleaner.destroyStream();
    await cleaner.drain();
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('sends exactly one mail per invitee while notification is killed and PostgreSQL restarts, and leaves no service down', async () => {
    const owner = new Agent({ url } as TestPortal);
    await eventually(async () => (await owner.login('owner@example.com', 'Owner#2026')).body?.result?.access_status?.code === 20000, 30_000);
    const invitees: string[] = [];
    /** Invites one person; a 50000 (a service or the database is away) is tried again, as a user would. */
    const invite = async (email: string) => {
      invitees.push(email);
      await eventually(async () => {
        const res = await owner.call('POST', '/v1/user/invite', { users: [{ email, family_name: 'Fault', given_name: 'Test', authority: 'user' }] }).catch(() => undefined);
        const code = res?.body?.result?.access_status?.code;
        // 40011 on a retry: the first attempt committed, only its answer was lost.
        return code === 20000 || (code === 40011 && JSON.stringify(res!.body).includes('email'));
      }, 90_000);
    };
    const batch = async (phase: string, n: number) => {
      for (let i = 0; i < n; i++) await invite(`fault-${phase}-${i}@example.com`);
    };

    await batch('before', 4);

    // 1. notification dies without warning; invitations go on; the supervisor starts it again.
    const notification = starts.filter((s) => s.name === 'notification').at(-1)!;
    process.kill(notification.pid, 'SIGKILL');
    await batch('notification-down', 4);
    await eventually(async () => starts.filter((s) => s.name === 'notification').length === 2, 60_000);

    // 2. PostgreSQL restarts (smart, then fast shutdown: the services' connections end with 57P01) while invitations are sent.
    const sending = batch('pg-restart', 6);
    await db!.stop();
    db = await startEmbeddedDb({ dataDir, port: pgPort });
    await sending;
    await batch('after', 4);

    // Quiet: every outbox row published, every event handled by every consumer, in one round.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const watcher = await NatsTransport.connect(TEST_NATS_URL, 'faults-watcher', namespace);
    try {
      const unpublished = SHARDS.flatMap((shard) => SERVICES.map((s) => `SELECT count(*)::int AS n FROM "${shard}_${s.replace(/-/g, '_')}".outbox WHERE published_at IS NULL`)).join(' UNION ALL ');
      await eventually(async () => {
        const { rows } = await client.query<{ n: number }>(`SELECT sum(n)::int AS n FROM (${unpublished}) t`);
        if (rows[0]!.n !== 0) return false;
        await watcher.idle({ timeoutMs: 60_000 });
        const again = await client.query<{ n: number }>(`SELECT sum(n)::int AS n FROM (${unpublished}) t`);
        return again.rows[0]!.n === 0;
      }, 120_000);
    } finally {
      await watcher.drain();
      await client.end();
    }

    const mailbox = await fetch(`${url}/dev/mailbox/messages`);
    const mails = (await mailbox.json()) as { to: string[]; subject: string; message_id: string }[];
    // Hand-offs repeated with the same Message-ID (notification killed between SMTP's 250 and its
    // "sent" mark): the mailbox keeps one, as a receiving one would. Reported, not asserted: the kill
    // lands in that window only by chance.
    process.stdout.write(`faults: ${invitees.length} invitees, ${mails.length} mails kept, ${mailbox.headers.get('x-mailbox-duplicates')} repeated hand-off(s)\n`);
    const perInvitee = Object.fromEntries(invitees.map((email) => [email, mails.filter((m) => m.to.includes(email)).length]));
    expect(perInvitee).toEqual(Object.fromEntries(invitees.map((email) => [email, 1])));
    expect(new Set(mails.filter((m) => m.to.some((t) => invitees.includes(t))).map((m) => m.message_id)).size).toBe(invitees.length);

    // No service left down: the gateway sees every service answer; only notification was started twice.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const counts = Object.fromEntries(['gateway', ...SERVICES].map((name) => [name, starts.filter((s) => s.name === name).length]));
    expect(counts, output.slice(-4000)).toEqual({ gateway: 1, identity: 1, licence: 1, billing: 1, notification: 2, 'usage-log': 1 });
    for (const name of ['gateway', ...SERVICES]) {
      const latest = starts.filter((s) => s.name === name).at(-1)!;
      expect(() => process.kill(latest.pid, 0), name).not.toThrow();
    }
  }, 600_000);
});
