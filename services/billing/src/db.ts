import type { ServiceDb } from '@portal/service-common/service-db';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';

/** The billing service's database: one Prisma client per shard. Only repositories hold it. */
export type BillingDb = ServiceDb<PrismaClient>;
/** A unit of work's transaction (services/common/src/db/unit-of-work.ts), or a shard's client for a read. */
export type Tx = Prisma.TransactionClient;
