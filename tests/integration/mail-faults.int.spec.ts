/**
 * SLOW, issue 12 slice A (runs beside the other integration files: it owns its NATS server and
 * its database): a mail requested while the notification service is away survives a restart of NATS and of notification between the producer's commit and the send,
 * and arrives exactly once. The same six processes as faults.int.spec.ts (`start-distributed.ts`),
 * but over a NATS server this test owns (its own port and JetStream folder: the machine's shared
 * one is never restarted) and with SMTP to a sink in this process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { ROOT } from '../../scripts/lib/root.js';
import { createTestDatabase, eventually, type TestDatabase } from '../support/harness.js';
import { freePort } from '../support/ports.js';

const listening = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
});
const exited = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) resolve();
  else child.once('exit', () => resolve());
});

describe('mail delivery across NATS and notification restarts (slow)', () => {
  const namespace = `m${randomBytes(4).toString('hex')}`;
  const sink = new SmtpSink();
  let dir: string;
  let natsPort: number;
  let nats: ChildProcess;
  let db: TestDatabase;
  let starter: ChildProcess;
  let url: string;
  const starts: { name: string; pid: number }[] = [];
  let output = '';
  const natsUrl = () => `nats://127.0.0.1:${natsPort}`;
  const startNats = async () => {
    nats = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', join(dir, 'js')], { stdio: 'ignore' });
    await eventually(() => listening(natsPort), 20_000);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-mail-faults-'));
    natsPort = await freePort();
    await startNats();
    db = await createTestDatabase();
    const smtpPort = await sink.start(0);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = {
      ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'error', NATS_URL: natsUrl(), NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, WEB_DIST: '', RATE_LIMIT_PER_MINUTE: '100000',
      // The event the frozen notification took is delivered again once its ack deadline passes:
      // 10 s instead of the default 30 s, so the test waits less for the same redelivery.
      EVENTS_ACK_WAIT_MS: '10000',
    };
    starter = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-distributed.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    starter.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const m of chunk.toString().matchAll(/^started (\S+) \(pid (\d+)\)$/gm)) starts.push({ name: m[1]!, pid: Number(m[2]) });
    });
    starter.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    await eventually(async () => (await fetch(`${url}/readyz?all=true`).catch(() => undefined))?.status === 200, 150_000);
  }, 240_000);

  afterAll(async () => {
    if (starter && starter.exitCode === null && starter.signalCode === null) {
      starter.kill('SIGTERM');
      await exited(starter);
    }
    if (nats && nats.exitCode === null) {
      nats.kill('SIGTERM');
      await exited(nats);
    }
    await sink.stop();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('sends a mail committed while notification is away exactly once, after NATS and notification restarted', async () => {
    const to = 'nats-restart@example.com';
    const notification = starts.filter((s) => s.name === 'notification').at(-1)!;
    // Notification stops taking work (frozen, its connection open): the event waits in the stream.
    process.kill(notification.pid, 'SIGSTOP');
    try {
      const res = await fetch(`${url}/v1/signup/temporary`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-host': 'portal.example.com' }, body: JSON.stringify({ email: to, terms_agreed: true, eu_subject: false }),
      });
      expect(res.status).toBe(200);
      // Committed and handed to NATS (the outbox row is published), not yet sent.
      await eventually(async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usa_identity.outbox WHERE published_at IS NULL'))[0]!.n === 0, 30_000);
      expect(sink.messages({ to })).toEqual([]);

      // NATS restarts (the stream is on disk), then notification dies and the supervisor starts it again.
      nats.kill('SIGTERM');
      await exited(nats);
      await startNats();
    } finally {
      process.kill(notification.pid, 'SIGKILL');
    }
    await eventually(async () => starts.filter((s) => s.name === 'notification').length === 2, 60_000);

    await eventually(async () => sink.messages({ to }).length > 0, 60_000);
    // Quiet: nothing pending for any consumer, nothing due in the queue; then exactly one mail, handed over once.
    const watcher = await NatsTransport.connect(natsUrl(), 'mail-faults-watcher', namespace);
    try {
      await watcher.idle({ timeoutMs: 60_000 });
    } finally {
      await watcher.drain();
    }
    await sink.idle();
    expect(sink.messages({ to }).map((m) => m.subject)).toEqual(['Complete your registration']);
    expect(sink.duplicates).toBe(0);
    expect(await db.query('SELECT status, attempts FROM usa_notification.sent_mails WHERE to_address = $1', [to])).toEqual([{ status: 'sent', attempts: 1 }]);
    // Every process is up again; only notification was started twice.
    await eventually(async () => (await fetch(`${url}/readyz?all=true`).catch(() => undefined))?.status === 200, 60_000);
    const counts = Object.fromEntries(['gateway', 'identity', 'licence', 'billing', 'notification', 'usage-log'].map((n) => [n, starts.filter((s) => s.name === n).length]));
    expect(counts, output.slice(-3000)).toEqual({ gateway: 1, identity: 1, licence: 1, billing: 1, notification: 2, 'usage-log': 1 });
  }, 240_000);
});
