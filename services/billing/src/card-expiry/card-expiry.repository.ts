import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { BillingDb, Tx } from '../db.js';

/** A card charged for its client's invoices (the client's method is this card) that is due a mail. */
export interface ExpiringCard {
  id: string;
  clientUuid: string;
  maskedNumber: string;
  expiryYear: number;
  expiryMonth: number;
}

/** The cards the job looks at, and the record of each card's mail per expiry (`card_expiry_notices`). */
@Injectable()
export class CardExpiryRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  shards(): readonly TShard[] {
    return this.db.shards();
  }

  /**
   * Active cards that are their client's payment method, expiring in one of `months` (at most two:
   * the 30 days ahead span this month and the next), not yet mailed for that expiry.
   */
  async unnotified(shard: TShard, months: readonly { year: number; month: number }[]): Promise<ExpiringCard[]> {
    const client = this.db.client(shard);
    const cards = await client.cardReference.findMany({
      where: { status: 'active', OR: months.map((m) => ({ expiryYear: m.year, expiryMonth: m.month })) },
      select: { id: true, clientUuid: true, maskedNumber: true, expiryYear: true, expiryMonth: true },
    });
    if (!cards.length) return [];
    const [methods, notices] = await Promise.all([
      client.paymentMethod.findMany({ where: { method: 'credit_card', cardReferenceId: { in: cards.map((c) => c.id) } }, select: { cardReferenceId: true } }),
      client.cardExpiryNotice.findMany({ where: { cardReferenceId: { in: cards.map((c) => c.id) } }, select: { cardReferenceId: true, expiryYear: true, expiryMonth: true } }),
    ]);
    const inUse = new Set(methods.map((m) => m.cardReferenceId));
    const done = new Set(notices.map((n) => `${n.cardReferenceId}/${n.expiryYear}/${n.expiryMonth}`));
    return cards.filter((c) => inUse.has(c.id) && !done.has(`${c.id}/${c.expiryYear}/${c.expiryMonth}`));
  }

  /** Claims the card's mail for its expiry; false when another run (or replica) has claimed it already. */
  async claim(tx: Tx, card: ExpiringCard, notifiedOn: string): Promise<boolean> {
    const { count } = await tx.cardExpiryNotice.createMany({
      data: [{ cardReferenceId: card.id, expiryYear: card.expiryYear, expiryMonth: card.expiryMonth, clientUuid: card.clientUuid, notifiedOn: new Date(`${notifiedOn}T00:00:00Z`) }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  /** The billing email and company name the mail goes to (none without billing info). */
  async contact(tx: Tx, clientUuid: string): Promise<{ email: string; companyName: string } | null> {
    return tx.billingInfo.findUnique({ where: { clientUuid }, select: { email: true, companyName: true } });
  }
}
