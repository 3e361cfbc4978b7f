/**
 * Per-process NATS credentials (issue 9, item 5) and their permissions (issue 24, item 4):
 * deploy/nats.conf as production runs it (users with passwords from the server's environment and
 * the authorization block generated from proto/src/nats-access.ts), moved to free ports and a
 * temporary store. A process connects with its own NATS_USER/NATS_PASSWORD (scripts/lib/portal.ts,
 * as run-service and run-gateway do); a wrong password or none is refused, and one service's
 * credential is refused on another's subjects.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Events, Subjects } from '@portal/proto';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import type { Transport } from '@portal/service-common/transport/transport';
import { createTransport } from '../../scripts/lib/portal.js';
import { ROOT } from '../../scripts/lib/root.js';
import { freePort } from '../support/ports.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const PROCESSES = ['gateway', 'identity', 'licence', 'billing', 'notification', 'usage-log'];
const password = (name: string) => `pw-${name}-0123456789`;

describe.skipIf(!existsSync(NATS_SERVER))('per-process NATS credentials (deploy/nats.conf)', () => {
  let server: ChildProcess | undefined;
  let dir: string;
  let url: string;
  const open: Transport[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-nats-auth-'));
    const port = await freePort();
    const conf = (await readFile(path.join(ROOT, 'deploy', 'nats.conf'), 'utf8'))
      .replace('listen: 0.0.0.0:4222', `listen: 127.0.0.1:${port}`)
      .replace('http: 127.0.0.1:8222', `http: 127.0.0.1:${await freePort()}`)
      .replace('store_dir: /data/jetstream', `store_dir: "${path.join(dir, 'js')}"`);
    expect(conf).toContain(`127.0.0.1:${port}`);
    await writeFile(path.join(dir, 'nats.conf'), conf);
    const env = { ...process.env, ...Object.fromEntries(PROCESSES.map((p) => [`NATS_PASSWORD_${p.toUpperCase().replace(/-/g, '_')}`, password(p)])) };
    server = spawn(NATS_SERVER, ['-c', path.join(dir, 'nats.conf')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      server!.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Server is ready')) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
    });
    url = `nats://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await Promise.all(open.map((t) => t.drain().catch(() => undefined)));
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('lets each process in as its own user, with JetStream, and nobody without the right password', async () => {
    const env = (user: string, pass: string) => ({ TRANSPORT: 'nats', NATS_URL: url, NATS_USER: user, NATS_PASSWORD: pass });
    // Each connects (and creates or updates the event stream) under its own permissions.
    const [gateway, identity, licence, billing, notification, usageLog] = await Promise.all(PROCESSES.map((p) => createTransport(env(p, password(p)), p)));
    open.push(gateway!, identity!, licence!, billing!, notification!, usageLog!);
    await identity!.serve(Subjects.identity.login, 'identity', async () => 'identity here');
    expect(await gateway!.request(Subjects.identity.login, {}, { headers: {}, timeoutMs: 5_000 })).toEqual({ ok: true, data: 'identity here' });
    // A service asks another what its table lists (licence -> identity's account names) ...
    await identity!.serve(Subjects.identity.accountNames, 'identity', async () => ({ accounts: [] }));
    expect(await licence!.request(Subjects.identity.accountNames, {}, { headers: {}, timeoutMs: 5_000 })).toEqual({ ok: true, data: { accounts: [] } });
    // ... and emits events through its outbox and consumes them durably.
    let delivered: unknown;
    await notification!.consume('notification-events_notification_mail_requested', [Events.notification.mailRequested], async (payload) => { delivered = payload; });
    await billing!.publish(Events.notification.mailRequested, { probe: 1 }, 'probe-1', {});
    await expect.poll(() => delivered, { timeout: 5_000 }).toEqual({ probe: 1 });

    await expect(createTransport(env('identity', password('gateway')), 'identity')).rejects.toThrow(/auth/i);
    await expect(NatsTransport.connect(url, 'anonymous', '')).rejects.toThrow(/auth/i);
  });

  it('refuses one service\'s credential on another\'s subjects (issue 24)', async () => {
    const raw: NatsConnection[] = [];
    const as = async (user: string) => {
      const nc = await connect({ servers: url, user, pass: password(user), inboxPrefix: `_INBOX_${user}` });
      raw.push(nc);
      return nc;
    };
    try {
      const licence = await as('licence');
      const refusals: string[] = [];
      // Reading identity's login requests (they carry passwords), or the gateway's replies.
      for (const subject of [Subjects.identity.login, '_INBOX_gateway.>', 'billing.>']) {
        licence.subscribe(subject, { callback: (err) => { if (err) refusals.push(`${err.name} ${subject}`); } });
      }
      await expect.poll(() => refusals.sort(), { timeout: 5_000 }).toEqual(['_INBOX_gateway.>', Subjects.identity.login, 'billing.>'].sort().map((s) => `PermissionViolationError ${s}`));
      // Asking what its table does not list (licence never starts a billing run), or serving as identity.
      await expect(licence.request(Subjects.billing.billingRunStart, '{}', { timeout: 3_000 })).rejects.toThrow(/permission/i);
      // The gateway serves nothing, and may not emit a service's events.
      const gateway = await as('gateway');
      const gatewayRefusals: string[] = [];
      gateway.subscribe(Subjects.identity.login, { callback: (err) => { if (err) gatewayRefusals.push(err.name); } });
      await expect.poll(() => gatewayRefusals, { timeout: 5_000 }).toEqual(['PermissionViolationError']);
      const errors: string[] = [];
      void (async () => { for await (const s of gateway.status()) if (s.type === 'error') errors.push(String(s.error)); })();
      gateway.publish(Events.licence.clientChanged, '{}');
      await expect.poll(() => errors.join('\n'), { timeout: 5_000 }).toMatch(/Permissions Violation for Publish to "events\.licence\.client\.changed"/);
    } finally {
      await Promise.all(raw.map((nc) => nc.close()));
    }
  });
});
