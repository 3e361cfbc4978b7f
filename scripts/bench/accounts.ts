/**
 * Scenarios of issue 4, through gateway -> NATS -> services, each its own process:
 *  - `user-list`: GET /v1/user/list req/s for a company of 1,000 accounts (the owner's session).
 *  - `csv-invite`: the time to invite 100 accounts by CSV, to the answer and until the 100th
 *    invitation mail (queued through the outbox, sent by notification) reaches the SMTP sink.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { DEMO_IDS } from '../seed.js';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { createBenchDatabase as createTestDatabase, TEST_NATS_URL } from './lib/database.js';
import { BENCH_ENV, benchDatabase, CpuMeter, freePort, measure, natsServerPid, spawnScript, stopChild, type LoadOptions, type Scenario, type ScenarioResult } from './lib/harness.js';

export interface Stack { base: string; db: Awaited<ReturnType<typeof createTestDatabase>>; sink: SmtpSink; pids: Record<string, number | undefined>; stop(): Promise<void> }

/**
 * identity, notification and the gateway as separate processes over NATS, with a real SMTP sink.
 * `serviceEnv` adds variables to one service's process (as the Helm chart's per-service `env`).
 */
export async function startStack(services: string[], serviceEnv: Record<string, Record<string, string>> = {}): Promise<Stack> {
  const db = await createTestDatabase();
  const sink = new SmtpSink(1000);
  const smtpPort = await sink.start();
  const namespace = `bench${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const env = {
    ...BENCH_ENV, TRANSPORT: 'nats', NATS_URL: process.env.NATS_URL ?? TEST_NATS_URL, NATS_NAMESPACE: namespace,
    DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  const children = [...services.map((s) => spawnScript('scripts/run-service.ts', [s], { ...env, ...serviceEnv[s] }, s)), spawnScript('scripts/run-gateway.ts', [], env, 'gateway')];
  const base = `http://127.0.0.1:${port}`;
  const pids = Object.fromEntries([...services, 'gateway'].map((name, i) => [name, children[i]!.pid]));
  return {
    base, db, sink, pids: { ...pids, 'nats-server': natsServerPid() },
    async stop() {
      await Promise.all(children.map((c) => stopChild(c)));
      const cleaner = await NatsTransport.connect(env.NATS_URL, 'bench-cleanup', namespace).catch(() => undefined);
      if (cleaner) {
        await cleaner.destroyStream();
        await cleaner.drain();
      }
      await sink.stop();
      await db.drop();
    },
  };
}

/** Logs the demo owner in (retrying while the services start); returns the cookie and CSRF headers. */
export async function ownerSession(base: string): Promise<Record<string, string>> {
  for (let i = 0; i < 180; i++) {
    const res = await fetch(`${base}/v1/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'Owner#2026', privacy_agreed: true }),
    }).catch(() => undefined);
    if (res?.status === 200) {
      const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!).filter((c) => !c.endsWith('='));
      const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
      return { cookie: cookies.join('; '), 'x-csrf-token': csrf };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the owner could not log in: the services did not start');
}

export const userList: Scenario = {
  name: 'user-list',
  description: 'GET /v1/user/list (20 per page, sorted) for a company of 1,000 accounts: gateway -> NATS -> identity',
  async run(load: LoadOptions): Promise<ScenarioResult> {
    const stack = await startStack(['identity']);
    try {
      const session = await ownerSession(stack.base);
      // The demo company has 3 accounts; 997 more make 1,000.
      await stack.db.query(
        `INSERT INTO jpn_identity.accounts (uuid, email, family_name, given_name, kind, authority, tenant_uuid, status, language, products, updated_at)
         SELECT gen_random_uuid(), 'member' || g || '@example.com', 'Member', g::text, 'client', 'user', $1, 'active', 'ja-jp', '{actibook}', now()
         FROM generate_series(1, 997) g`, [DEMO_IDS.client]);
      // A company's table has statistics in service (autovacuum analyzes a table that grew by 10%
      // within a minute); without them the planner guesses 2 rows and sorts the whole company.
      await stack.db.query('ANALYZE jpn_identity.accounts');
      const url = `${stack.base}/v1/user/list?page=7&per_page=20&sort=name&order=asc`;
      const check = await (await fetch(url, { headers: session })).json() as { result: { total: number } };
      if (check.result.total !== 1000) throw new Error(`expected 1,000 accounts, got ${check.result.total}`);
      const cpu = new CpuMeter(stack.pids, benchDatabase(stack.db));
      const result = await measure(this.name, url, load, { headers: session }, { beforeMeasure: () => cpu.start() });
      const perRequest = cpu.microsecondsPer(result.requests);
      return {
        ...result,
        extra: { 'accounts in the company': check.result.total, ...Object.fromEntries(Object.entries(perRequest).map(([k, v]) => [`cpu_us_per_request_${k}`, v])) },
      };
    } finally {
      await stack.stop();
    }
  },
};

export const csvInvite: Scenario = {
  name: 'csv-invite',
  description: 'POST /v1/user/invite_csv with 100 rows: time to the answer and to the 100th mail in the SMTP sink',
  async run(): Promise<ScenarioResult> {
    const stack = await startStack(['identity', 'notification']);
    try {
      const session = await ownerSession(stack.base);
      const answers: number[] = [];
      const delivered: number[] = [];
      const runs = 5;
      for (let run = 0; run < runs; run++) {
        stack.sink.clear();
        const csv = `email,family_name,given_name\r\n${Array.from({ length: 100 }, (_, i) => `bench${run}-${i}@example.com,社員,${run}-${i}`).join('\r\n')}\r\n`;
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
        const t0 = performance.now();
        const res = await fetch(`${stack.base}/v1/user/invite_csv`, { method: 'POST', headers: session, body: form });
        const body = await res.json() as { result: { registered: number } };
        answers.push(performance.now() - t0);
        if (body.result.registered !== 100) throw new Error(`expected 100 invitations, got ${JSON.stringify(body.result)}`);
        while (stack.sink.messages().length < 100) {
          if (performance.now() - t0 > 120_000) throw new Error(`only ${stack.sink.messages().length} mails after 120 s`);
          await new Promise((r) => setTimeout(r, 20));
        }
        delivered.push(performance.now() - t0);
      }
      const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
      return {
        scenario: this.name, url: `${stack.base}/v1/user/invite_csv`, reqPerSec: 0, latencyP50Ms: median(answers), latencyP99Ms: Math.round(Math.max(...answers)),
        latencyMeanMs: 0, requests: runs, non2xx: 0, errors: 0, timeouts: 0, durationSeconds: 0, connections: 1, pipelining: 1,
        extra: {
          'runs (100 rows each)': runs,
          'median ms to the answer (100 accounts created)': median(answers),
          'median ms until the 100th mail reached SMTP': median(delivered),
          'mails per second through outbox -> notification -> SMTP': Math.round(100 / (median(delivered) / 1000)),
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
