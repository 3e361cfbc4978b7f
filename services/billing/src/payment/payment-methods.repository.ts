import { Inject, Injectable } from '@nestjs/common';
import type { TPaymentMethodKind, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Prisma } from '../generated/prisma/client.js';
import type { CardReferenceModel, PaymentMethodModel } from '../generated/prisma/models.js';
import type { BillingDb, Tx } from '../db.js';
import { writtenAt } from '@portal/service-common/clock';

/** A client's current payment method. Bank data (slice B) is kept as named strings in `details`. */
export interface PaymentMethodRecord {
  clientUuid: string;
  method: TPaymentMethodKind;
  cardReferenceId: string | null;
  details: Record<string, string>;
  registeredBy: string | null;
  registeredAt: Date;
}

/** A card stored at the gateway (no number: the gateway's references and the masked number). */
export interface CardRecord {
  id: string;
  clientUuid: string;
  gateway: string;
  memberId: string;
  cardSeq: string;
  maskedNumber: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  status: 'pending' | 'active' | 'replaced' | 'failed';
  orderId: string | null;
  accessId: string | null;
  accessPass: string | null;
  createdAt: Date;
}

export interface RegisterPaymentMethod {
  clientUuid: string;
  method: TPaymentMethodKind;
  /** Required for credit_card: the active card reference. */
  cardReferenceId?: string | null;
  /** Bank data for bank_transfer / direct_debit (bank code, branch code, account type, number, holder…). */
  details?: Record<string, string>;
  /** The account that registered it (the client's owner/admin, or the operator who confirmed a request). */
  registeredBy: string | null;
}

function stringMap(value: Prisma.JsonValue): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

const toMethod = (row: PaymentMethodModel): PaymentMethodRecord => ({
  clientUuid: row.clientUuid, method: row.method as TPaymentMethodKind, cardReferenceId: row.cardReferenceId,
  details: stringMap(row.details), registeredBy: row.registeredBy, registeredAt: row.registeredAt,
});
const toCard = (row: CardReferenceModel): CardRecord => ({
  id: row.id, clientUuid: row.clientUuid, gateway: row.gateway, memberId: row.memberId, cardSeq: row.cardSeq,
  maskedNumber: row.maskedNumber, expiryMonth: row.expiryMonth, expiryYear: row.expiryYear, holderName: row.holderName,
  status: row.status as CardRecord['status'], orderId: row.orderId, accessId: row.accessId, accessPass: row.accessPass, createdAt: row.createdAt,
});

/**
 * `payment_methods` and `card_references` (issue 11, slice A owns them). Slice B calls
 * `register(tx, …)` when an operator confirms a bank-transfer or direct-debit request; slice C2
 * reads `current` and `card` to charge through the PaymentGateway.
 */
@Injectable()
export class PaymentMethodsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  /** The client's current method inside a unit of work; null = not set. */
  async current(tx: Tx, clientUuid: string): Promise<PaymentMethodRecord | null> {
    const row = await tx.paymentMethod.findUnique({ where: { clientUuid } });
    return row ? toMethod(row) : null;
  }

  /** The same outside a unit of work (reads). */
  async find(shard: TShard, clientUuid: string): Promise<PaymentMethodRecord | null> {
    const row = await this.db.client(shard).paymentMethod.findUnique({ where: { clientUuid } });
    return row ? toMethod(row) : null;
  }

  /** Issue 25 point 2: these clients' current methods, each with the card it refers to (for a summary before a change). */
  async currentOf(shard: TShard, clientUuids: readonly string[]): Promise<Map<string, { method: PaymentMethodRecord; card: CardRecord | null }>> {
    const db = this.db.client(shard);
    const methods = (await db.paymentMethod.findMany({ where: { clientUuid: { in: [...clientUuids] } } })).map(toMethod);
    const cardIds = methods.map((m) => m.cardReferenceId).filter((id): id is string => id !== null);
    const cards = new Map((cardIds.length ? await db.cardReference.findMany({ where: { id: { in: cardIds } } }) : []).map((c) => [c.id, toCard(c)]));
    return new Map(methods.map((m) => [m.clientUuid, { method: m, card: m.cardReferenceId ? cards.get(m.cardReferenceId) ?? null : null }]));
  }

  /** Makes `method` the client's current payment method (replacing any other). */
  async register(tx: Tx, input: RegisterPaymentMethod): Promise<PaymentMethodRecord> {
    if (input.method === 'credit_card' && !input.cardReferenceId) throw new Error('a credit_card method needs its card reference');
    const data = {
      method: input.method,
      cardReferenceId: input.method === 'credit_card' ? input.cardReferenceId! : null,
      details: input.details ?? {},
      registeredBy: input.registeredBy,
      registeredAt: writtenAt(),
    };
    const row = await tx.paymentMethod.upsert({ where: { clientUuid: input.clientUuid }, create: { clientUuid: input.clientUuid, ...data }, update: data });
    return toMethod(row);
  }

  /** The card a method refers to (also a replaced one, for history). */
  async card(txOrShard: Tx | TShard, id: string): Promise<CardRecord | null> {
    const client = typeof txOrShard === 'string' ? this.db.client(txOrShard) : txOrShard;
    const row = await client.cardReference.findUnique({ where: { id } });
    return row ? toCard(row) : null;
  }

  /** The client's active card, if any. */
  async activeCard(txOrShard: Tx | TShard, clientUuid: string): Promise<CardRecord | null> {
    const client = typeof txOrShard === 'string' ? this.db.client(txOrShard) : txOrShard;
    const row = await client.cardReference.findFirst({ where: { clientUuid, status: 'active' }, orderBy: { createdAt: 'desc' } });
    return row ? toCard(row) : null;
  }

  /** A card waiting for its 3-D Secure completion, by its check order id, for this client only. */
  async pendingCard(tx: Tx, clientUuid: string, orderId: string): Promise<CardRecord | null> {
    const row = await tx.cardReference.findFirst({ where: { clientUuid, orderId, status: 'pending' } });
    return row ? toCard(row) : null;
  }

  async addCard(tx: Tx, card: Omit<CardRecord, 'id' | 'createdAt'> & { createdBy: string | null }): Promise<CardRecord> {
    const row = await tx.cardReference.create({ data: card });
    return toCard(row);
  }

  /** Sets a card's status; activating one replaces the client's other active cards. Clears the 3-D Secure ids. */
  async setCardStatus(tx: Tx, card: CardRecord, status: CardRecord['status']): Promise<CardRecord[]> {
    const replaced: CardRecord[] = [];
    if (status === 'active') {
      const others = await tx.cardReference.findMany({ where: { clientUuid: card.clientUuid, status: 'active', NOT: { id: card.id } } });
      await tx.cardReference.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { status: 'replaced' } });
      replaced.push(...others.map(toCard));
    }
    await tx.cardReference.update({ where: { id: card.id }, data: { status, accessId: null, accessPass: null } });
    return replaced;
  }
}
