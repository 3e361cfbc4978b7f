import type { ServiceDb } from '@portal/service-common/service-db';
import type { Prisma, PrismaClient } from './generated/prisma/client.js';

/** The identity service's database: one Prisma client per shard. */
export type IdentityDb = ServiceDb<PrismaClient>;
export type Tx = Prisma.TransactionClient;
export type { Account, Tenant, Session } from './generated/prisma/client.js';

/** How a person's name is shown: family name, then given name (the given name may be empty). */
export function displayName(person: { familyName: string; givenName: string }): string {
  return `${person.familyName} ${person.givenName}`.trim();
}
