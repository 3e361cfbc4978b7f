import type { TShard } from '@portal/proto';
import type { ServiceDb } from '../service-db.js';
import { idempotent } from './idempotent.js';
import type { RawExecutor } from './outbox.js';

/** What a unit of work needs of a service's Prisma client: interactive transactions. */
export interface TransactionalClient<Tx> {
  $transaction<R>(work: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export interface UnitOfWorkOptions {
  /** Longest the transaction may run (Prisma's default is 5 s; a 100-row CSV invite needs more). */
  timeoutMs?: number;
}

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
    const result = await this.db.client(shard).$transaction(work, options.timeoutMs ? { timeout: options.timeoutMs } : undefined);
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
