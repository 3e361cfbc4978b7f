import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Account, IdentityDb, Session, Tenant, Tx } from '../db.js';
import { fromRow } from '../json-row.js';

export type NewSession = Omit<Session, 'createdAt' | 'lastSeenAt' | 'endedAt'>;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async insert(tx: Tx, row: NewSession): Promise<void> {
    await tx.session.create({ data: row });
  }

  /**
   * A session with its account (not for a support session: its actor is looked up apart) and its
   * tenant, in one statement: the gateway asks on every request, and three round trips were most
   * of its cost.
   */
  async findWithSubject(shard: TShard, id: string): Promise<{ session: Session; account: Account | null; tenant: Tenant | null } | null> {
    // A named prepared statement (ServiceDb.prepared): parsed and planned once per connection.
    const rows = await this.db.prepared<{ s: Record<string, unknown>; a: Record<string, unknown> | null; t: Record<string, unknown> | null }>(shard, 'session_resolve', Prisma.sql`
      SELECT to_jsonb(s) AS s, to_jsonb(a) AS a, to_jsonb(t) AS t
        FROM sessions s
        LEFT JOIN accounts a ON a.uuid = s.account_uuid AND NOT s.proxy
        LEFT JOIN tenants t ON t.uuid = s.tenant_uuid
       WHERE s.id = ${id}`);
    const row = rows[0];
    if (!row) return null;
    return { session: fromRow<Session>(row.s), account: row.a ? fromRow<Account>(row.a) : null, tenant: row.t ? fromRow<Tenant>(row.t) : null };
  }

  async touch(shard: TShard, id: string, now: Date, idleExpiresAt: Date): Promise<void> {
    await this.db.client(shard).session.update({ where: { id }, data: { lastSeenAt: now, idleExpiresAt } });
  }

  async end(txOrShard: Tx | TShard, where: { id?: string; accountUuid?: string; tenantUuid?: string; proxy?: boolean; exceptId?: string }, now: Date): Promise<number> {
    const client = typeof txOrShard === 'string' ? this.db.client(txOrShard) : txOrShard;
    const result = await client.session.updateMany({
      where: {
        endedAt: null,
        ...(where.id ? { id: where.id } : {}),
        ...(where.accountUuid ? { accountUuid: where.accountUuid } : {}),
        ...(where.tenantUuid ? { tenantUuid: where.tenantUuid } : {}),
        ...(where.proxy !== undefined ? { proxy: where.proxy } : {}),
        ...(where.exceptId ? { NOT: { id: where.exceptId } } : {}),
      },
      data: { endedAt: now },
    });
    return result.count;
  }

  async listActive(shard: TShard, where: { accountUuid?: string; tenantUuid?: string; proxy?: boolean }, now: Date): Promise<Session[]> {
    return this.db.client(shard).session.findMany({
      where: { endedAt: null, idleExpiresAt: { gt: now }, absoluteExpiresAt: { gt: now }, ...where },
      orderBy: { lastSeenAt: 'desc' },
      take: 100,
    });
  }
}
