import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { BillingDb } from '../../db.js';

/** One charge the sandbox gateway took. */
export interface SandboxLedgerEntry {
  orderId: string;
  memberId: string;
  cardSeq: string;
  amountMinor: number;
  currency: string;
  transactionId: string;
}

/**
 * The sandbox gateway's ledger of charges by order id (GMO-PG keeps one trade per OrderID and
 * refuses a second EntryTran with it). `charge` records a new order, or finds the one already
 * charged under that id and counts the repeat: nothing more is taken.
 */
export interface SandboxLedger {
  charge(entry: SandboxLedgerEntry): Promise<{ entry: SandboxLedgerEntry; repeated: boolean }>;
}

/** In memory: the sandbox's unit specs (a process's ledger that a restart forgets). */
export class MemorySandboxLedger implements SandboxLedger {
  readonly entries: SandboxLedgerEntry[] = [];
  readonly repeats = new Map<string, number>();

  async charge(entry: SandboxLedgerEntry): Promise<{ entry: SandboxLedgerEntry; repeated: boolean }> {
    const earlier = this.entries.find((e) => e.orderId === entry.orderId);
    if (earlier) {
      this.repeats.set(entry.orderId, (this.repeats.get(entry.orderId) ?? 0) + 1);
      return { entry: earlier, repeated: true };
    }
    this.entries.push(entry);
    return { entry, repeated: false };
  }
}

interface LedgerRow { order_id: string; member_id: string; card_seq: string; amount_minor: number; currency: string; transaction_id: string }
const toEntry = (r: LedgerRow): SandboxLedgerEntry => ({
  orderId: r.order_id, memberId: r.member_id, cardSeq: r.card_seq, amountMinor: r.amount_minor, currency: r.currency, transactionId: r.transaction_id,
});

/**
 * Issue 21: the ledger in PostgreSQL (`global_billing.sandbox_charges`), so that it outlives the
 * billing process: a charge repeated after a crash is a repeat of the same row, and a client charged
 * twice for one invoice is two rows. Two statements, not one: the second sees an order committed by
 * a concurrent charge of the same id after the first found it taken.
 */
@Injectable()
export class SandboxLedgerRepository implements SandboxLedger {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  async charge(entry: SandboxLedgerEntry): Promise<{ entry: SandboxLedgerEntry; repeated: boolean }> {
    const client = this.db.client('global');
    const inserted = await client.$queryRaw<LedgerRow[]>`
      INSERT INTO sandbox_charges (order_id, member_id, card_seq, amount_minor, currency, transaction_id)
      VALUES (${entry.orderId}, ${entry.memberId}, ${entry.cardSeq}, ${entry.amountMinor}, ${entry.currency}, ${entry.transactionId})
      ON CONFLICT (order_id) DO NOTHING
      RETURNING order_id, member_id, card_seq, amount_minor, currency, transaction_id`;
    if (inserted[0]) return { entry: toEntry(inserted[0]), repeated: false };
    const earlier = await client.$queryRaw<LedgerRow[]>`
      UPDATE sandbox_charges SET repeats = repeats + 1, last_repeat_at = now() WHERE order_id = ${entry.orderId}
      RETURNING order_id, member_id, card_seq, amount_minor, currency, transaction_id`;
    if (!earlier[0]) throw new Error(`sandbox ledger: order ${entry.orderId} neither recorded nor found`);
    return { entry: toEntry(earlier[0]), repeated: true };
  }
}
