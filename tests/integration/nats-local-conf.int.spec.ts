/**
 * deploy/nats.local.conf works as the README writes it (issue 9, item 10): loopback only, no
 * authentication, JetStream stored under .data/nats of the working directory. The machine's own
 * NATS already holds 4222, so this starts it with the ports moved (-p, -m: command-line flags
 * override the file) in a temporary working directory; everything else is the file as written.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { ROOT } from '../../scripts/lib/root.js';
import { freePort } from '../support/ports.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

describe.skipIf(!existsSync(NATS_SERVER))('deploy/nats.local.conf', () => {
  let server: ChildProcess | undefined;
  let cwd: string | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (cwd) await rm(cwd, { recursive: true, force: true });
  });

  it('runs NATS with JetStream on loopback without credentials, storing under .data/nats', async () => {
    const conf = await readFile(path.join(ROOT, 'deploy', 'nats.local.conf'), 'utf8');
    expect(conf).toMatch(/^listen: 127\.0\.0\.1:4222$/m);
    expect(conf).not.toMatch(/authorization|accounts/);
    expect(conf).toMatch(/^\s*max_payload: 8MB$/m);

    cwd = await mkdtemp(path.join(tmpdir(), 'portal-nats-local-'));
    const port = await freePort();
    server = spawn(NATS_SERVER, ['-c', path.join(ROOT, 'deploy', 'nats.local.conf'), '-p', String(port), '-m', String(await freePort())], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      let log = '';
      server!.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('Server is ready')) resolve();
      });
      server!.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
    });
    const a = await NatsTransport.connect(`nats://127.0.0.1:${port}`, 'local-a', 'local');
    const b = await NatsTransport.connect(`nats://127.0.0.1:${port}`, 'local-b', 'local');
    try {
      await b.serve('svc.ping', 'svc', async () => 'pong');
      expect(await a.request('svc.ping', {}, { headers: {}, timeoutMs: 5_000 })).toEqual({ ok: true, data: 'pong' });
      const got: unknown[] = [];
      await b.consume('local-consumer', ['events.local.thing.done'], async (payload) => { got.push(payload); });
      await a.publish('events.local.thing.done', { n: 1 }, 'local-1', {});
      await a.idle();
      expect(got).toEqual([{ n: 1 }]);
      expect(existsSync(path.join(cwd, '.data', 'nats', 'jetstream'))).toBe(true);
    } finally {
      await Promise.all([a.drain(), b.drain()]);
    }
  });
});
