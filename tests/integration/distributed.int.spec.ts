import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { ROOT } from '../../scripts/lib/root.js';
import { Agent } from '../support/agent.js';
import { createTestDatabase, eventually, startTestPortal, TEST_NATS_URL, type TestDatabase, type TestPortal } from '../support/harness.js';
import { freePort } from '../support/ports.js';


/**
 * Distributed mode as `npm run start:distributed` runs it: the gateway and each of the five
 * services in its own process (the same entry points as Helm), over the real NATS server, with
 * the dev SMTP sink in the gateway process since no SMTP_URL is given. The same /v1 calls must
 * give the same answers as the all-in-one portal.
 */
describe('distributed mode: six processes over NATS', () => {
  const namespace = `d${randomBytes(4).toString('hex')}`;
  let starter: ChildProcess;
  let db: TestDatabase;
  let url: string;
  let reference: TestPortal;
  /** `started <name> (pid N)` lines of the supervisor. */
  const starts: { name: string; pid: number }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: Record<string, string | undefined> = {
      ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', NATS_URL: TEST_NATS_URL, NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', SMTP_SINK_PORT: String(await freePort()), WEB_DIST: '',
    };
    delete env.SMTP_URL;
    starter = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-distributed.ts')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    starter.stdout!.on('data', (chunk: Buffer) => {
      for (const m of chunk.toString().matchAll(/^started (\S+) \(pid (\d+)\)$/gm)) starts.push({ name: m[1]!, pid: Number(m[2]) });
    });
    // Migrations, seed and six processes' boot: ~40 s on a quiet machine, 2 minutes under other sessions' load.
    // The gateway is ready as soon as it can serve (issue 24); `?all=true` waits for every service too.
    await eventually(async () => {
      const res = await fetch(`${url}/readyz?all=true`).catch(() => undefined);
      return res?.status === 200;
    }, 240_000);
    reference = await startTestPortal({ transport: 'in-process' });
  }, 300_000);

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
    await reference?.close();
    await db?.drop();
  });

  it('gives the same answers as the all-in-one portal', async () => {
    const calls = [
      ['GET', '/v1/maintenance/status', undefined, 'th.portal.example.com'],
      ['POST', '/v1/signup/temporary', { email: 'dist@example.com', terms_agreed: true, eu_subject: false }, 'portal.example.com'],
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

  it('carries the outbox mail across processes to the dev SMTP sink, shown at /dev/mailbox', async () => {
    const rows = await db.query('SELECT email FROM usa_identity.temporary_registrations');
    expect(rows).toEqual([{ email: 'dist@example.com' }]);
    const mail = await eventually(async () => {
      const res = await fetch(`${url}/dev/mailbox/messages?to=dist@example.com`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { subject: string }[])[0];
    }, 15_000);
    expect(mail.subject).toBe('Complete your registration');
  });

  it('degrades, not dies, while licence is down: login, the user list and the operation log answer, plan calls 50000 within 2 s', async () => {
    const owner = new Agent({ url } as TestPortal);
    expect((await owner.login('owner@example.com', 'Owner#2026')).body.result.access_status.code).toBe(20000);
    // Licence dies and stays down: the supervisor (which would restart it after 1 s) is frozen meanwhile.
    const licence = starts.filter((s) => s.name === 'licence').at(-1)!;
    starter.kill('SIGSTOP');
    try {
      process.kill(licence.pid, 'SIGKILL');
      // (It stays a zombie while its parent is frozen, but its NATS connection closes with it.)
      const health = await eventually(async () => {
        const ready = await fetch(`${url}/readyz`);
        expect(ready.status).toBe(200);
        const body = await ready.json() as { checks: Record<string, string>; dependencies: Record<string, { status: string }> };
        return body.checks.licence === 'down' ? body : undefined;
      }, 10_000);
      expect(health.checks).toEqual({ transport: 'ok', identity: 'ok', licence: 'down', billing: 'ok', notification: 'ok', 'usage-log': 'ok' });
      expect(health.dependencies.licence!.status).toBe('down');
      expect((await fetch(`${url}/readyz?all=true`)).status).toBe(503);

      const again = new Agent({ url } as TestPortal);
      const login = await again.login('owner@example.com', 'Owner#2026');
      expect(login.body.result.access_status.code).toBe(20000);
      const users = await again.call('GET', '/v1/user/list?page=1&per_page=10');
      expect(users.body.result.access_status.code).toBe(20000);
      expect(users.body.result.users.length).toBeGreaterThan(0);
      const log = await again.call('GET', '/v1/client_activity_log/list');
      expect(log.body.result.access_status.code).toBe(20000);
      const took: string[] = [];
      for (const path of ['/v1/plan/client-list', '/v1/plan/modify_check']) {
        const started = performance.now();
        const plan = await again.call('GET', path);
        const ms = performance.now() - started;
        took.push(`${path} ${Math.round(ms)} ms`);
        expect({ status: plan.status, code: plan.body.result.access_status.code }, path).toEqual({ status: 500, code: 50000 });
        expect(ms, path).toBeLessThan(2_000);
      }
      process.stdout.write(`degrade: licence down, plan calls answered 50000 in ${took.join(', ')}\n`);
    } finally {
      starter.kill('SIGCONT');
    }
    // The supervisor brings licence back; the gateway serves its routes again without a restart of its own.
    await eventually(async () => (await fetch(`${url}/readyz?all=true`)).status === 200, 120_000);
    expect((await owner.call('GET', '/v1/plan/client-list')).body.result.access_status.code).toBe(20000);
  }, 180_000);

  it('stops every process cleanly on SIGTERM', async () => {
    const exit = new Promise<number | null>((resolve) => starter.once('exit', (code) => resolve(code)));
    starter.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(await fetch(`${url}/healthz`).then(() => 'up', () => 'down')).toBe('down');
  });
});
