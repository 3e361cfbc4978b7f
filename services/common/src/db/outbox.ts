import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { EVENT_PAYLOADS, SHARDS, type TEventInput, type TEventSubject, type TShard } from '@portal/proto';
import { createLogger } from '../logger.js';
import type { MessageHeaders, Transport } from '../transport/transport.js';
import { schemaName, type ShardMap } from './shard-map.js';
import { createPool, type ConnectionBudget } from './pool.js';
import { recordOutboxPublished } from '../telemetry.js';

/**
 * The transactional outbox (DESIGN §6). A state change and the event announcing it are written in
 * the same database transaction (`enqueue`); the relay publishes committed rows afterwards, with the
 * row id as Nats-Msg-Id so a republish after a crash is dropped by JetStream's duplicate window.
 */

/**
 * What `enqueue` / `idempotent` need from a transaction: Prisma's `$executeRaw` tagged template.
 * Every service has its own generated client; all of their transaction clients fit this shape.
 * Raw SQL is not schema-qualified: the client must run with search_path set to the shard's schema,
 * which RegionRouter's connection URL does.
 */
export interface RawExecutor {
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

export interface OutboxEvent {
  subject: string;
  payload: unknown;
  headers?: MessageHeaders;
}

/** An outbox row as its INSERT writes it: the id (the msg id), and payload and headers as JSON text. */
export interface OutboxRow { id: string; subject: string; payload: string; headers: string }

/** The row `enqueue` inserts, for a statement that inserts it together with the change it announces. */
export function outboxRow(event: OutboxEvent): OutboxRow {
  return { id: randomUUID(), subject: event.subject, payload: JSON.stringify(event.payload ?? null), headers: JSON.stringify(event.headers ?? {}) };
}

/** Inserts an event into the outbox inside the caller's transaction. Returns its id (the msg id). */
export async function enqueue(tx: RawExecutor, event: OutboxEvent): Promise<string> {
  const { id, subject, payload, headers } = outboxRow(event);
  await tx.$executeRaw`INSERT INTO outbox (id, subject, payload, headers) VALUES (${id}::uuid, ${subject}, ${payload}::jsonb, ${headers}::jsonb)`;
  return id;
}

/**
 * Inserts a typed event: the payload is built against the subject's schema in proto (STYLE rule 3)
 * and parsed before it is written, so a malformed event fails the producer's transaction instead
 * of reaching a consumer.
 */
export async function enqueueEvent<S extends TEventSubject>(tx: RawExecutor, subject: S, payload: TEventInput<S>, headers?: MessageHeaders): Promise<string> {
  return enqueue(tx, { subject, payload: EVENT_PAYLOADS[subject].parse(payload), headers });
}

export interface OutboxRelayOptions {
  service: string;
  shardMap: ShardMap;
  transport: Pick<Transport, 'publish'>;
  shards?: readonly TShard[];
  /** Poll period. Default 2000 ms. */
  intervalMs?: number;
  /** Rows locked and published per transaction. Default 20. */
  batchSize?: number;
  /** Connections per database URL. Default 2. */
  poolMax?: number;
  /** First retry delay of a row whose publish failed; doubles per attempt. Default 1000 ms. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 60 s. */
  retryMaxMs?: number;
  /** The process's connection budget (db/pool.ts), shared with the shard pools. */
  budget?: ConnectionBudget;
  /** Idle connections close after this long. Default 10 s. */
  idleTimeoutMs?: number;
}

/**
 * Ends a pool and waits until its connections are closed. pg-pool's end() resolves as soon as it
 * has asked its clients to end; a database stopped right after (the all-in-one shutdown) then
 * terminates them first, and each reports 57P01 as an idle-connection error.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    if (!open) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
    // A connection that never reports its end must not hold up a shutdown.
    timer = setTimeout(resolve, 5000).unref();
  });
  await pool.end();
  await closed;
  clearTimeout(timer);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] literal for a simple-query statement; refuses anything that is not a uuid. */
function uuidList(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new Error('outbox: not a uuid');
  return `'{${ids.join(',')}}'::uuid[]`;
}

/** A row that has failed this many times is logged as an error (a poison message?), not a warning. */
const POISON_ATTEMPTS = 10;

interface StoredOutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders | null;
  attempts: number;
  created_at: Date | null;
}

/**
 * Publishes one service's outbox rows from every shard. Rows are taken `FOR UPDATE SKIP LOCKED`,
 * so several relays (instances of the service) can run at once without publishing a row twice in
 * parallel. A row is marked published only once the transport has taken it for good (JetStream's
 * ack; in-process: every consumer handled it). A publish failure increments `attempts`, ends the
 * batch and leaves the row for later: nothing is lost. The failed row then waits out a per-row
 * back-off (1 s, 2 s, 4 s ... at most 60 s) while the rows behind it go on, so one poison message
 * cannot hold up the rest of its shard. The back-off lives in this relay's memory: after a restart
 * a failed row is tried once at once, then backs off again from its stored `attempts`.
 */
export class OutboxRelay {
  private readonly log = createLogger('OutboxRelay');
  private readonly pools = new Map<string, pg.Pool>();
  private readonly shardList: readonly TShard[];
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly running = new Map<TShard, Promise<number>>();
  private readonly again = new Set<TShard>();
  /** Rows waiting out a back-off after a failed publish: id -> when they are due again. */
  private readonly retryAt = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private publishedCount = 0;

  constructor(private readonly options: OutboxRelayOptions) {
    this.shardList = options.shards ?? SHARDS;
    this.intervalMs = options.intervalMs ?? 2000;
    this.batchSize = options.batchSize ?? 20;
  }

  /** Starts polling every shard (a first round runs at once). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
    this.tick();
  }

  /** Publishes a shard's pending rows now (call after committing a transaction that enqueued). */
  kick(shard: TShard): void {
    if (!this.started || this.stopping) return;
    void this.runShard(shard);
  }

  /** One full round over every shard, independent of start(); returns the number of rows published. */
  async runOnce(): Promise<number> {
    const counts = await Promise.all(this.shardList.map((s) => this.runShard(s)));
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * Publishes every due row now, joining rounds already under way, until no shard has an
   * unpublished row that is due (rows waiting out a back-off are not due); returns the rows
   * published. For tests (their settle barrier): production code never waits for the relay.
   */
  async flush(): Promise<number> {
    this.assertNotStopped();
    let total = 0;
    do total += await this.runOnce();
    while (await this.hasDue());
    return total;
  }

  /**
   * True when some shard has an unpublished row that is due now, locked or not (one query per
   * database). A row another relay is publishing at this moment counts until it commits.
   */
  async hasDue(): Promise<boolean> {
    this.assertNotStopped();
    const now = Date.now();
    const waiting = [...this.retryAt].filter(([, due]) => due > now).map(([id]) => id);
    const byUrl = new Map<string, TShard[]>();
    for (const shard of this.shardList) {
      const url = this.options.shardMap[shard];
      byUrl.set(url, [...(byUrl.get(url) ?? []), shard]);
    }
    const answers = await Promise.all([...byUrl.values()].map(async (shards) => {
      const exists = shards.map((s) => `SELECT 1 FROM "${schemaName(s, this.options.service)}".outbox WHERE published_at IS NULL AND id <> ALL($1::uuid[])`);
      const { rows } = await this.pool(shards[0]!).query<{ due: boolean }>(`SELECT EXISTS (${exists.join(' UNION ALL ')}) AS due`, [waiting]);
      return rows[0]!.due;
    }));
    return answers.some(Boolean);
  }

  /** After stop() a query would open a pool that nothing closes. */
  private assertNotStopped(): void {
    if (this.stopping) throw new Error(`${this.options.service} outbox relay is stopped`);
  }

  /** Rows this relay has published since it was created (only ever grows). */
  get published(): number {
    return this.publishedCount;
  }

  /** True while a round is under way in some shard (a publish may be about to land). */
  get busy(): boolean {
    return this.running.size > 0;
  }

  /** Stops polling, waits for a running round, closes the connections. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.again.clear();
    await Promise.allSettled([...this.running.values()]);
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((p) => endPool(p)));
  }

  private tick(): void {
    for (const shard of this.shardList) void this.runShard(shard);
  }

  /** Runs (or joins, and re-runs once after) the drain of one shard; never rejects. */
  private runShard(shard: TShard): Promise<number> {
    const current = this.running.get(shard);
    if (current) {
      this.again.add(shard);
      return current;
    }
    const p = (async () => {
      let total = 0;
      do {
        this.again.delete(shard);
        total += await this.drain(shard);
      } while (this.again.has(shard) && !this.stopping);
      return total;
    })().finally(() => this.running.delete(shard));
    this.running.set(shard, p);
    return p;
  }

  private pool(shard: TShard): pg.Pool {
    const url = this.options.shardMap[shard];
    let p = this.pools.get(url);
    if (!p) {
      p = createPool({
        connectionString: url, max: this.options.poolMax ?? 2, idleTimeoutMs: this.options.idleTimeoutMs ?? 10_000,
        budget: this.options.budget, log: this.log, label: `${this.options.service} outbox`, applicationName: `portal-${this.options.service}`,
      });
      this.pools.set(url, p);
    }
    return p;
  }

  /** Publishes batches until the shard has no due row or a publish fails. */
  private async drain(shard: TShard): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const { published, more } = await this.batch(shard);
        total += published;
        if (!more || this.stopping) break;
      }
    } catch (err) {
      this.log.warn({ err, shard, service: this.options.service }, 'outbox round failed');
    }
    return total;
  }

  private async batch(shard: TShard): Promise<{ published: number; more: boolean }> {
    const table = `"${schemaName(shard, this.options.service)}".outbox`;
    const now = Date.now();
    for (const [id, due] of this.retryAt) if (due <= now) this.retryAt.delete(id);
    const waiting = [...this.retryAt.keys()];
    const client = await this.pool(shard).connect();
    const done: string[] = [];
    let failed = false;
    try {
      // BEGIN and the SELECT in one round trip, the marks and COMMIT in another (simple-query
      // strings of several statements: no parameters, so the values are written in as literals,
      // all of them uuids this code read from the table and an integer; uuidList checks them).
      // A batch of one row (a kick after each commit) was five round trips, now three with its publish.
      const [, { rows }] = await client.query(
        `BEGIN; SELECT id, subject, payload, headers, attempts, created_at FROM ${table}
          WHERE published_at IS NULL AND id <> ALL(${uuidList(waiting)}) ORDER BY created_at, id LIMIT ${Math.trunc(this.batchSize)} FOR UPDATE SKIP LOCKED`,
      ) as unknown as [unknown, { rows: StoredOutboxRow[] }];
      for (const row of rows) {
        try {
          await this.options.transport.publish(row.subject, row.payload, row.id, row.headers ?? {});
        } catch (err) {
          failed = true;
          await client.query(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
          const attempts = row.attempts + 1;
          const delayMs = Math.min(this.options.retryMaxMs ?? 60_000, (this.options.retryBaseMs ?? 1000) * 2 ** Math.min(attempts - 1, 20));
          this.retryAt.set(row.id, Date.now() + delayMs);
          const fields = { err, shard, service: this.options.service, subject: row.subject, id: row.id, attempts, retry_in_ms: delayMs };
          if (attempts >= POISON_ATTEMPTS) this.log.error(fields, 'outbox event keeps failing; retrying with back-off');
          else if (!this.stopping) this.log.warn(fields, 'outbox publish failed; will retry');
          break;
        }
        done.push(row.id);
        this.retryAt.delete(row.id);
        recordOutboxPublished(this.options.service, row.created_at ? (Date.now() - new Date(row.created_at).getTime()) / 1000 : 0);
      }
      await client.query(done.length ? `UPDATE ${table} SET published_at = now() WHERE id = ANY(${uuidList(done)}); COMMIT` : 'COMMIT');
      this.publishedCount += done.length;
      return { published: done.length, more: !failed && rows.length === this.batchSize };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
