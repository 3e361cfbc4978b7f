import { Inject, Injectable } from '@nestjs/common';
import type { TClientListSort, TRegion } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import { Prisma, type PrismaClient } from '../generated/prisma/client.js';

export interface ClientListRow {
  uuid: string; company_name: string; region: string; contract_type: string; licence_type: string; status: string; created_at: Date;
}
export interface ClientListFilter { partnerUuid: string | null; q?: string }

/**
 * Text keys sort by code point (`COLLATE "C"`, i.e. UTF-8 byte order), so that the rows of every
 * shard can be merged in the service with the same order the database used.
 */
const ORDER_COLUMN: Record<TClientListSort, Prisma.Sql> = {
  company_name: Prisma.raw('company_name COLLATE "C"'),
  region: Prisma.raw('region COLLATE "C"'),
  contract_type: Prisma.raw('contract_type COLLATE "C"'),
  status: Prisma.raw('status COLLATE "C"'),
  created_at: Prisma.raw('created_at'),
};

/** `%` and `_` are literal in a company-name search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The client list's reads: one shard at a time, the first `take` rows in order and the count. */
@Injectable()
export class ClientListRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  async firstRows(shard: TRegion, filter: ClientListFilter, sort: TClientListSort, order: 'asc' | 'desc', take: number): Promise<{ rows: ClientListRow[]; total: number }> {
    const where = this.where(filter);
    const direction = Prisma.raw(order === 'asc' ? 'ASC' : 'DESC');
    const client = this.db.client(shard);
    const [rows, count] = await Promise.all([
      client.$queryRaw<ClientListRow[]>`
        SELECT uuid::text AS uuid, company_name, region, contract_type, licence_type, status, created_at
        FROM clients ${where}
        ORDER BY ${ORDER_COLUMN[sort]} ${direction}, uuid ${direction}
        LIMIT ${take}`,
      client.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM clients ${where}`,
    ]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }

  private where(filter: ClientListFilter): Prisma.Sql {
    const conditions: Prisma.Sql[] = [];
    if (filter.partnerUuid) conditions.push(Prisma.sql`partner_uuid = ${filter.partnerUuid}::uuid`);
    if (filter.q) conditions.push(Prisma.sql`company_name ILIKE ${likePattern(filter.q)}`);
    return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  }
}
