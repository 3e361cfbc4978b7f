import type { TShard } from '@portal/proto';
import type { ServiceDb } from '@portal/service-common/service-db';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';

/** The identity service's database: one Prisma client per shard. Only repositories hold it. */
export type IdentityDb = ServiceDb<PrismaClient>;
/** A unit of work's transaction (services/common/src/db/unit-of-work.ts). */
export type Tx = Prisma.TransactionClient;
/** Where a repository statement runs: inside a unit of work, or on its own in a shard. */
export type TxOrShard = Tx | TShard;
export type { Account, OneTimeToken, Tenant, Session, TemporaryRegistration } from './generated/prisma/client.js';

/** The client a statement runs on: the unit's transaction, or the shard's client. */
export function executor(db: IdentityDb, on: TxOrShard): Tx {
  return typeof on === 'string' ? db.client(on) : on;
}
