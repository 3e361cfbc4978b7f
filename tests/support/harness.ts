import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { migrateAll } from '@portal/service-common/db/migrate';
import { singleDatabaseShardMap, type ShardMap } from '@portal/service-common/db/shard-map';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Clock } from '@portal/service-common/clock';
import { startPortal, type RunningPortal } from '../../scripts/lib/portal.js';
import { ROOT } from '../../scripts/lib/root.js';
import { SERVICE_DEFINITIONS } from '../../scripts/lib/services.js';
import { seed } from '../../scripts/seed.js';

/** The PostgreSQL server the tests use (scripts/test.sh provisions it). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestDatabase {
  url: string;
  shardMap: ShardMap;
  query<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/** A fresh database on the test server, migrated and seeded; dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const shardMap = singleDatabaseShardMap(url.toString());
  await migrateAll(SERVICE_DEFINITIONS.map((s) => ({ service: s.name, migrationsDir: s.migrationsDir })), shardMap, { concurrency: 8 });
  await seed(shardMap);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pool.end() resolves once its clients are asked to end, before the server has seen them go;
  // DROP DATABASE ... WITH (FORCE) then terminates those backends and the ending client reports
  // 57P01 through the pool. Without a listener that 'error' is an uncaught exception.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    shardMap,
    query: async (sql, values) => (await pool.query(sql, values)).rows,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestPortal extends RunningPortal {
  db: TestDatabase;
  mailbox: SmtpSink;
  /** fetch against the portal, as a browser on `host` would (Host header via X-Forwarded-Host). */
  call(method: string, path: string, options?: { host?: string; body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

/**
 * The whole portal on a fresh database: in-process, or over the machine's real NATS (each test
 * portal in its own NATS namespace, so runs never see each other's messages).
 */
export async function startTestPortal(options: { transport: 'nats' | 'in-process'; db?: TestDatabase; env?: Record<string, string>; clock?: Clock; web?: boolean }): Promise<TestPortal> {
  const db = options.db ?? (await createTestDatabase());
  const mailbox = new SmtpSink();
  await mailbox.start(0);
  const namespace = `t${randomBytes(4).toString('hex')}`;
  let transport: Transport | undefined;
  if (options.transport === 'nats') transport = await NatsTransport.connect(TEST_NATS_URL, 'test-portal', namespace);
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    TRANSPORT: options.transport,
    NATS_URL: TEST_NATS_URL,
    NATS_NAMESPACE: namespace,
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST: options.web ? join(ROOT, 'web', 'dist') : '',
    ...options.env,
  };
  const portal = await startPortal({ env, mailbox, clock: options.clock, transport });
  const call: TestPortal['call'] = async (method, path, o = {}) => {
    const res = await fetch(`${portal.url}${path}`, {
      method,
      headers: {
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.host ? { 'x-forwarded-host': o.host } : {}),
        ...o.headers,
      },
      body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
    });
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...portal,
    db,
    mailbox,
    call,
    close: async () => {
      await portal.stop();
      if (transport instanceof NatsTransport) {
        const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'test-cleanup', namespace);
        await cleaner.destroyStream();
        await cleaner.drain();
      }
      await mailbox.stop();
      if (!options.db) await db.drop();
    },
  };
}

/** Polls until `fn` returns a value (or the time runs out). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
