import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { ROOT } from '../../scripts/lib/root.js';
import { createTestDatabase, eventually, TEST_NATS_URL, type TestDatabase } from '../support/harness.js';
import { freePort } from '../support/ports.js';


/**
 * A service process of the distributed mode (the entry point Helm runs) answers its own probes on
 * HEALTH_PORT (DESIGN §7): /healthz while it lives, /readyz 200 only with its database and NATS.
 */
describe('service process health endpoints', () => {
  const namespace = `h${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  let db: TestDatabase;

  const launch = async (databaseUrl: string) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'run-service.ts'), 'notification'], {
      cwd: ROOT,
      env: {
        ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', TRANSPORT: 'nats', NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace,
        DATABASE_URL: databaseUrl, HEALTH_PORT: String(port), SMTP_URL: 'smtp://127.0.0.1:9',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.status === 200, 60_000);
    return { child, base };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    })));
    const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'cleanup', namespace);
    await cleaner.destroyStream();
    await cleaner.drain();
    await db?.drop();
  });

  it('is live and ready with its database and NATS, and stops cleanly', async () => {
    const { child, base } = await launch(db.url);
    const live = await fetch(`${base}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok', dead_letters: 0 });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', transport: 'ok' } });
    expect((await fetch(`${base}/nothing`)).status).toBe(404);

    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('is live but not ready when its database is unreachable', async () => {
    const closed = await freePort();
    const { base } = await launch(`postgres://postgres@127.0.0.1:${closed}/nowhere`);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', checks: { database: 'down', transport: 'ok' } });
  });
});
