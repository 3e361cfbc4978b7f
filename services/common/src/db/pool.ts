import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Database connections of one process (docs/operations.md, "Connections"). Every service has a
 * pool per shard (a shard is a PostgreSQL schema, and raw SQL relies on the pool's search_path), so
 * with 12 shards a per-pool maximum alone says little: four connections a pool was 48 per
 * instance, and fifteen instances would need 720 of PostgreSQL's default 100. Instead:
 *
 * - pools are created on first use of their shard and close connections idle for
 *   DB_IDLE_TIMEOUT_MS, so a process holds connections only for shards in use;
 * - all pools of a process (and its outbox relay) draw from one ConnectionBudget of
 *   DB_MAX_CONNECTIONS physical connections: a pool that needs one while the budget is spent first
 *   closes an idle connection of another pool, else waits; while anyone waits, a connection
 *   returned to any pool is closed, which frees its slot for the first waiter. After `waitMs`
 *   (5 s) it connects anyway, logged as a warning (acquire(), below).
 *
 * Every pool and every connection has an 'error' listener: a connection that dies (PostgreSQL
 * restarted: 57P01, a failover, a network cut), idle or checked out, is logged and discarded, and
 * the query on it fails; it never becomes an uncaught exception that exits the service.
 */
export class ConnectionBudget {
  private used = 0;
  private readonly waiting: { resolve: () => void; timer: NodeJS.Timeout }[] = [];
  private readonly pools = new Set<pg.Pool>();

  constructor(readonly max: number, private readonly waitMs = 5_000, private readonly log?: Pick<Logger, 'warn'>) {}

  get inUse(): number {
    return this.used;
  }

  register(pool: pg.Pool): void {
    this.pools.add(pool);
    // A connection going back to its pool while others wait for the budget is closed instead of
    // idling there (after pg-pool has put it in its idle list, or handed it to its own queue).
    pool.on('release', () => {
      if (this.waiting.length) setImmediate(() => this.closeOneIdle());
    });
  }
  unregister(pool: pg.Pool): void {
    this.pools.delete(pool);
  }

  /**
   * A slot for one new connection. When none frees up within `waitMs` the connection is opened
   * anyway, above the budget, with a warning: every holder may itself be waiting for a second
   * connection (a transaction that reads another shard), and a deadlock is worse than a
   * connection too many. The excess is given back first as connections close.
   */
  async acquire(): Promise<void> {
    if (this.used < this.max) {
      this.used++;
      return;
    }
    // Spent: free an idle connection of some pool; its 'end' releases the slot to the queue.
    this.closeOneIdle();
    await new Promise<void>((resolve) => {
      const entry = {
        resolve,
        timer: setTimeout(() => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          this.used++;
          this.log?.warn({ in_use: this.used, budget: this.max, waited_ms: this.waitMs }, 'database connection budget exceeded (DB_MAX_CONNECTIONS)');
          resolve();
        }, this.waitMs),
      };
      entry.timer.unref();
      this.waiting.push(entry);
    });
  }

  release(): void {
    if (this.used > this.max) {
      this.used--; // give back an excess slot first
      return;
    }
    const next = this.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.resolve(); // the slot passes on
    } else this.used = Math.max(0, this.used - 1);
  }

  private closeOneIdle(): void {
    for (const pool of this.pools) {
      const internals = pool as unknown as { _idle?: { client: pg.PoolClient }[]; _remove?: (client: pg.PoolClient, cb?: () => void) => void };
      const idle = internals._idle?.[0];
      if (idle && typeof internals._remove === 'function') {
        internals._remove(idle.client);
        return;
      }
    }
  }
}

export interface PoolSettings {
  connectionString: string;
  /** Per-pool maximum (never more than the budget allows anyway). */
  max: number;
  idleTimeoutMs: number;
  budget?: ConnectionBudget;
  log: Pick<Logger, 'warn'>;
  /** Names the pool in logs (a schema, `outbox`). */
  label: string;
  /** PostgreSQL's application_name (pg_stat_activity shows which process holds a connection). */
  applicationName?: string;
}

/** A pg client class whose connections count against `budget`. */
function budgetedClient(budget: ConnectionBudget): typeof pg.Client {
  return class BudgetedClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error | null) => void): void;
    override connect(callback?: (err: Error | null) => void): Promise<pg.Client> | void {
      let released = false;
      const releaseOnce = () => {
        if (!released) {
          released = true;
          budget.release();
        }
      };
      const connected = budget.acquire().then(async () => {
        this.once('end', releaseOnce);
        try {
          await super.connect();
        } catch (error) {
          releaseOnce();
          throw error;
        }
        return this as pg.Client;
      });
      if (!callback) return connected;
      connected.then(() => callback(null), (error: Error) => callback(error));
    }
  } as unknown as typeof pg.Client;
}

/** A lazy, bounded, error-safe pool (see above). */
export function createPool(settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: settings.connectionString,
    max: settings.budget ? Math.min(settings.max, settings.budget.max) : settings.max,
    idleTimeoutMillis: settings.idleTimeoutMs,
    ...(settings.applicationName ? { application_name: settings.applicationName } : {}),
    ...(settings.budget ? { Client: budgetedClient(settings.budget) } : {}),
  });
  pool.on('error', (err) => settings.log.warn({ err, pool: settings.label }, 'idle database connection failed'));
  // A checked-out connection has no listener of the pool's: this one stays for its whole life.
  pool.on('connect', (client) => {
    client.on('error', (err) => settings.log.warn({ err, pool: settings.label }, 'database connection failed'));
  });
  settings.budget?.register(pool);
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    settings.budget?.unregister(pool);
    await end();
  }) as typeof pool.end;
  return pool;
}

const preparedNames = new Map<string, string>();

/**
 * The name of a prepared statement: `label` and a digest of its text. node-postgres keeps one
 * text per name on a connection, so every shape of a statement (each sort, each filter) gets its
 * own name; the shapes are few and fixed by the code, so the map stays small.
 */
export function preparedName(label: string, text: string): string {
  const key = `${label}\u0000${text}`;
  let name = preparedNames.get(key);
  if (!name) {
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    preparedNames.set(key, name);
  }
  return name;
}
