import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { ROOT } from '../../scripts/lib/root.js';
import { SERVICE_DEFINITIONS } from '../../scripts/lib/services.js';
import { createTestDatabase, eventually, startTestPortal, TEST_NATS_URL, type TestDatabase, type TestPortal } from '../support/harness.js';

const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

/**
 * Distributed mode as it runs in production: the gateway and each of the five services in its own
 * process (the same entry points as Helm), over the real NATS server. The same /v1 calls must give
 * the same answers as the all-in-one portal.
 */
describe('distributed mode: six processes over NATS', () => {
  const children: ChildProcess[] = [];
  const namespace = `d${randomBytes(4).toString('hex')}`;
  let db: TestDatabase;
  let sink: SmtpSink;
  let url: string;
  let reference: TestPortal;

  beforeAll(async () => {
    db = await createTestDatabase();
    sink = new SmtpSink();
    await sink.start(0);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', TRANSPORT: 'nats', NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PORT: String(port), HOST: '127.0.0.1',
    };
    const launch = (script: string, args: string[] = []) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', script), ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      children.push(child);
    };
    for (const s of SERVICE_DEFINITIONS) launch('run-service.ts', [s.name]);
    launch('run-gateway.ts');
    await eventually(async () => {
      const res = await fetch(`${url}/readyz`).catch(() => undefined);
      return res?.status === 200;
    }, 60_000);
    reference = await startTestPortal({ transport: 'in-process' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => {
      if (c.exitCode !== null) return resolve();
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    })));
    const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'cleanup', namespace);
    await cleaner.destroyStream();
    await cleaner.drain();
    await reference?.close();
    await sink?.stop();
    await db?.drop();
  });

  it('gives the same answers as the all-in-one portal', async () => {
    const calls = [
      ['GET', '/v1/maintenance/status', undefined, 'th.portal.example.com'],
      ['POST', '/v1/signup/temporary', { email: 'dist@example.com', terms_agreed: true }, 'portal.example.com'],
      ['POST', '/v1/signup/temporary', { email: 'nope', terms_agreed: true }, 'vn.portal.example.com'],
      ['GET', '/v1/unknown', undefined, 'portal.example.jp'],
      ['PUT', '/v1/operator/maintenance', { maintenance: true }, 'portal.example.jp'],
    ] as const;
    for (const [method, path, body, host] of calls) {
      const distributed = await fetch(`${url}${path}`, {
        method, headers: { 'x-forwarded-host': host, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      });
      const local = await reference.call(method, path, { body, host });
      expect({ status: distributed.status, body: await distributed.json() }, `${method} ${path}`).toEqual({ status: local.status, body: local.body });
    }
  });

  it('carries the outbox mail across processes to SMTP', async () => {
    const rows = await db.query('SELECT email FROM usa_identity.temporary_registrations');
    expect(rows).toEqual([{ email: 'dist@example.com' }]);
    const mail = await eventually(async () => sink.messages({ to: 'dist@example.com' })[0], 15_000);
    expect(mail.subject).toBe('Complete your registration');
  });

  it('stops every process cleanly on SIGTERM', async () => {
    const exits = children.map((c) => new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code))));
    for (const c of children) c.kill('SIGTERM');
    expect(await Promise.all(exits)).toEqual(children.map(() => 0));
  });
});
