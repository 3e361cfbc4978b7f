import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { Account, IdentityDb, Session, Tenant, Tx } from '../db.js';
import { fromRow } from '../json-row.js';
import type { OutboxRow } from '@portal/service-common/db/outbox';

export type NewSession = Omit<Session, 'createdAt' | 'lastSeenAt' | 'endedAt'>;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async insert(tx: Tx, row: NewSession): Promise<void> {
    await tx.session.create({ data: row });
  }

  /**
   * A session and an outbox row in one statement: atomic without a transaction around it, one
   * round trip instead of four (BEGIN, the two inserts, COMMIT), as a named prepared statement.
   * The relay is told at once, as after a unit of work.
   */
  async insertWithEvent(shard: TShard, row: NewSession, event: OutboxRow): Promise<void> {
    await this.db.prepared(shard, 'session_insert_recorded', Prisma.sql`
      WITH s AS (
        INSERT INTO sessions (id, account_uuid, tenant_uuid, context, proxy, actor_uuid, actor_name, actor_kind, actor_shard, ip, user_agent, idle_expires_at, absolute_expires_at)
        VALUES (${row.id}, ${row.accountUuid}::uuid, ${row.tenantUuid}::uuid, ${row.context}, ${row.proxy}, ${row.actorUuid}::uuid, ${row.actorName}, ${row.actorKind}, ${row.actorShard},
                ${row.ip}, ${row.userAgent}, ${row.idleExpiresAt}::timestamptz, ${row.absoluteExpiresAt}::timestamptz))
      INSERT INTO outbox (id, subject, payload, headers) VALUES (${event.id}::uuid, ${event.subject}, ${event.payload}::jsonb, ${event.headers}::jsonb)`);
    this.db.kick(shard);
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

  /** Issue 14, slice A: every open session acting on a tenant (its accounts' and support logins into it), e.g. on suspension. */
  async endAllForTenant(tx: Tx, tenantUuid: string, now: Date): Promise<number> {
    return this.end(tx, { tenantUuid }, now);
  }

  async listActive(shard: TShard, where: { accountUuid?: string; tenantUuid?: string; proxy?: boolean }, now: Date): Promise<Session[]> {
    return this.db.client(shard).session.findMany({
      where: { endedAt: null, idleExpiresAt: { gt: now }, absoluteExpiresAt: { gt: now }, ...where },
      orderBy: { lastSeenAt: 'desc' },
      take: 100,
    });
  }
}
