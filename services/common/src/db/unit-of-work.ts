import type { TShard } from '@portal/proto';
import type { ServiceDb } from '../service-db.js';
import { idempotent } from './idempotent.js';
import type { RawExecutor } from './outbox.js';

/** What a unit of work needs of a service's Prisma client: interactive transactions. */
export interface TransactionalClient<Tx> {
  $transaction<R>(work: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export interface UnitOfWorkOptions {
  /** Longest the transaction may run (default TRANSACTION_TIMEOUT_MS; a 100-row CSV invite needs more). */
  timeoutMs?: number;
}

/**
 * How long a unit of work waits for a connection of its pool, and how long it may run. Prisma's
 * defaults (2 s and 5 s) turned a busy moment into a 50000: under load (the fuzz tier on a loaded
 * 2-core machine) a transaction waited more than 2 s for one of the pool's connections. A request
 * has up to API_TIMEOUT_MS anyway; waiting a little longer for a connection is the better answer.
 */
export const TRANSACTION_MAX_WAIT_MS = 10_000;
export const TRANSACTION_TIMEOUT_MS = 15_000;

/**
 * The one way a service changes data in more than one statement (docs/decisions.md, "Foundations"):
 * a service opens a unit of work on a shard and hands its transaction to repository methods (each
 * write method takes `tx` first) and to the outbox helpers (`recordOperation`, `requestMail`,
 * `enqueueEvent`). Repositories never open transactions and never hand out a client. After the
 * commit the outbox relay is told to publish at once, so no caller has to remember to.
 */
export class UnitOfWork<Tx extends RawExecutor = RawExecutor> {
  constructor(private readonly db: ServiceDb<TransactionalClient<Tx>>) {}

  async run<T>(shard: TShard, work: (tx: Tx) => Promise<T>, options: UnitOfWorkOptions = {}): Promise<T> {
    const result = await this.db.client(shard).$transaction(work, { maxWait: TRANSACTION_MAX_WAIT_MS, timeout: options.timeoutMs ?? TRANSACTION_TIMEOUT_MS });
    this.db.kick(shard);
    return result;
  }

  /**
   * An idempotent consumer's unit: `work` runs only the first time `msgId` reaches `consumer`
   * (the id is recorded in the same transaction), so a redelivered event changes nothing.
   */
  async once(shard: TShard, consumer: string, msgId: string, work: (tx: Tx) => Promise<void>, options: UnitOfWorkOptions = {}): Promise<void> {
    await this.run(shard, async (tx) => {
      if (await idempotent(tx, consumer, msgId)) await work(tx);
    }, options);
  }
}
