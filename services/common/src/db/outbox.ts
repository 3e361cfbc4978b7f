import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { SHARDS, type TShard } from '@portal/proto';
import { createLogger } from '../logger.js';
import type { MessageHeaders, Transport } from '../transport/transport.js';
import { schemaName, type ShardMap } from './shard-map.js';

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

/** Inserts an event into the outbox inside the caller's transaction. Returns its id (the msg id). */
export async function enqueue(tx: RawExecutor, event: OutboxEvent): Promise<string> {
  const id = randomUUID();
  const payload = JSON.stringify(event.payload ?? null);
  const headers = JSON.stringify(event.headers ?? {});
  await tx.$executeRaw`INSERT INTO outbox (id, subject, payload, headers) VALUES (${id}::uuid, ${event.subject}, ${payload}::jsonb, ${headers}::jsonb)`;
  return id;
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
}

interface OutboxRow {
  id: string;
  subject: string;
  payload: unknown;
  headers: MessageHeaders | null;
  attempts: number;
}

/**
 * Publishes one service's outbox rows from every shard. Rows are taken `FOR UPDATE SKIP LOCKED`,
 * so several relays (instances of the service) can run at once without publishing a row twice in
 * parallel. A publish failure increments `attempts` and leaves the row (and the rest of that shard's
 * batch, to keep order) for the next round: nothing is lost.
 */
export class OutboxRelay {
  private readonly log = createLogger('OutboxRelay');
  private readonly pools = new Map<string, pg.Pool>();
  private readonly shardList: readonly TShard[];
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly running = new Map<TShard, Promise<number>>();
  private readonly again = new Set<TShard>();
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;

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
    await Promise.all(pools.map((p) => p.end()));
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
      p = new pg.Pool({ connectionString: url, max: this.options.poolMax ?? 2, idleTimeoutMillis: 30_000 });
      p.on('error', (err) => this.log.warn({ err }, 'idle outbox connection failed'));
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
    const client = await this.pool(shard).connect();
    let published = 0;
    let failed = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<OutboxRow>(
        `SELECT id, subject, payload, headers, attempts FROM ${table}
          WHERE published_at IS NULL ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      for (const row of rows) {
        try {
          await this.options.transport.publish(row.subject, row.payload, row.id, row.headers ?? {});
        } catch (err) {
          failed = true;
          await client.query(`UPDATE ${table} SET attempts = attempts + 1 WHERE id = $1`, [row.id]);
          this.log.warn({ err, shard, subject: row.subject, id: row.id, attempts: row.attempts + 1 }, 'outbox publish failed; will retry');
          break;
        }
        await client.query(`UPDATE ${table} SET published_at = now() WHERE id = $1`, [row.id]);
        published++;
      }
      await client.query('COMMIT');
      return { published, more: !failed && rows.length === this.batchSize };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
