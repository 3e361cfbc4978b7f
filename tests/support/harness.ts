import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { singleDatabaseShardMap, type ShardMap } from '@portal/service-common/db/shard-map';
import { SmtpSink } from '@portal/service-common/dev/smtp-sink';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Clock } from '@portal/service-common/clock';
import { startPortal, type RunningPortal } from '../../scripts/lib/portal.js';
import { ROOT } from '../../scripts/lib/root.js';
import { cloneTemplate, databaseUrl, dropDatabase, ensureTemplate, type TemplateKind } from './test-database.js';

export { TEST_DATABASE_URL } from './test-database.js';
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export interface TestDatabase {
  url: string;
  shardMap: ShardMap;
  query<R extends pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

/**
 * A fresh database on the test server, migrated and seeded: a clone of the run's template (made
 * by tests/support/global-setup.ts; built here when a file runs without it). Dropped afterwards.
 */
export async function createTestDatabase(kind: TemplateKind = 'demo'): Promise<TestDatabase> {
  // Issue 24: `reference` is a production install's database (migrations and reference data only).
  const name = await cloneTemplate(kind === 'reference' ? await ensureTemplate(undefined, 'reference') : (inject('portalTemplate') ?? (await ensureTemplate())));
  const url = databaseUrl(name);
  const shardMap = singleDatabaseShardMap(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // pool.end() resolves once its clients are asked to end, before the server has seen them go;
  // DROP DATABASE ... WITH (FORCE) then terminates those backends and the ending client reports
  // 57P01 through the pool. Without a listener that 'error' is an uncaught exception.
  pool.on('error', () => undefined);
  return {
    url,
    shardMap,
    query: async (sql, values) => (await pool.query(sql, values)).rows,
    drop: async () => {
      await pool.end();
      await dropDatabase(name);
    },
  };
}

export interface TestPortal extends RunningPortal {
  db: TestDatabase;
  /** The portal's NATS namespace (over NATS: a test can connect to it as another process would). */
  natsNamespace: string;
  mailbox: SmtpSink;
  /**
   * The barrier before asserting that nothing else happened: resolves once everything the test
   * has caused so far has run its course (see `settle` below); rejects, saying what is still
   * pending, after `timeoutMs` (default 20 s).
   */
  settle(options?: { timeoutMs?: number }): Promise<void>;
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
    // A portal has a pool per (shard, service), 60 of them, and files run side by side on a test
    // server that other runs share (max_connections 100): two connections a pool, not four.
    DB_POOL_MAX: '2',
    // Issue 24: /dev/mailbox is served only when asked for (tests read codes and links there).
    DEV_MAILBOX: 'on',
    ...options.env,
  };
  let portal: RunningPortal;
  try {
    portal = await startPortal({ env, mailbox, clock: options.clock, transport });
  } catch (err) {
    // Nothing of a portal that did not start outlives it (a crashed run's database is dropped an hour later anyway).
    await Promise.allSettled([mailbox.stop(), transport?.drain(), options.db ? undefined : db.drop()]);
    throw err;
  }
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
    natsNamespace: namespace,
    mailbox,
    call,
    settle: (o) => settle(portal, mailbox, o?.timeoutMs),
    close: async () => {
      try {
        await portal.stop();
        if (transport instanceof NatsTransport) {
          const cleaner = await NatsTransport.connect(TEST_NATS_URL, 'test-cleanup', namespace);
          await cleaner.destroyStream();
          await cleaner.drain();
        }
        await mailbox.stop();
      } finally {
        if (!options.db) await db.drop();
      }
    },
  };
}

/**
 * Waits until the portal is quiet: no outbox row of any service is due in any shard, every event
 * published has been handled by every consumer of it (in-process: no delivery under way; NATS:
 * every durable consumer of the namespace has nothing pending or unacknowledged), and every mail
 * handed to SMTP is stored in the sink. Handlers cause more (an event's consumer writes rows and
 * events of its own), so it repeats until one whole round saw no relay publish anything, no relay
 * busy and no row due: at that point every event ever published was covered by the transport's
 * idle(), and every row its handlers wrote was either due (seen) or published (counted). No
 * sleeps; timers of the portal (the invitation sweep, back-offs) are not waited for.
 */
async function settle(portal: RunningPortal, mailbox: SmtpSink, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());
  const within = async <T>(what: string, work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`settle: ${what} after ${timeoutMs} ms`)), left());
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const relays = portal.services.map((s) => ({ name: s.name, outbox: s.outbox }));
  const published = () => relays.reduce((n, r) => n + r.outbox.published, 0);
  for (;;) {
    const before = published();
    await within('outbox relays still publishing', Promise.all(relays.map((r) => r.outbox.flush())));
    await within('events still being handled', portal.transport.idle({ timeoutMs: left() }));
    const due = await within('outbox not readable', Promise.all(relays.map((r) => r.outbox.hasDue())));
    if (!due.some(Boolean) && relays.every((r) => !r.outbox.busy) && published() === before) break;
    if (!left()) {
      const pending = relays.filter((r, i) => due[i] || r.outbox.busy).map((r) => r.name);
      throw new Error(`settle: still not quiet after ${timeoutMs} ms (outbox of ${pending.join(', ') || 'no service'} pending; each round caused more)`);
    }
  }
  await within('mails still being received by the SMTP sink', mailbox.idle());
}

/** How often `eventually` and `mailTo` look again: each look is cheap, each wait is on the critical path. */
export const POLL_MS = 20;

/** Polls until `fn` returns a value (or the time runs out). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, what?: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(what ? `timed out waiting for ${what}` : 'condition not met in time');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
