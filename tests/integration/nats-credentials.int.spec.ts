/**
 * Per-process NATS credentials (issue 9, item 5): deploy/nats.conf as production runs it (users
 * with passwords from the server's environment), moved to loopback, free ports and a temporary
 * store. A process connects with its own NATS_USER/NATS_PASSWORD (scripts/lib/portal.ts, as
 * run-service and run-gateway do); a wrong password or none is refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      .replace('http: 0.0.0.0:8222', `http: 127.0.0.1:${await freePort()}`)
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
    const env = (user: string, pass: string) => ({ TRANSPORT: 'nats', NATS_URL: url, NATS_NAMESPACE: 'auth', NATS_USER: user, NATS_PASSWORD: pass });
    const identity = await createTransport(env('identity', password('identity')), 'identity');
    const gateway = await createTransport(env('gateway', password('gateway')), 'gateway');
    open.push(identity, gateway);
    await identity.serve('svc.who', 'identity', async () => 'identity here');
    expect(await gateway.request('svc.who', {}, { headers: {}, timeoutMs: 5_000 })).toEqual({ ok: true, data: 'identity here' });

    await expect(createTransport(env('identity', password('gateway')), 'identity')).rejects.toThrow(/auth/i);
    await expect(NatsTransport.connect(url, 'anonymous', 'auth')).rejects.toThrow(/auth/i);
  });
});
