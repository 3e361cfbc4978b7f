import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import { executor, type Account, type IdentityDb, type Session, type Tenant, type Tx, type TxOrShard } from '../db.js';
import { fromRow } from '../json-row.js';
import type { OutboxRow } from '@portal/service-common/db/outbox';

export type NewSession = Omit<Session, 'createdAt' | 'lastSeenAt' | 'endedAt'>;

/** Which open sessions to end: one, an account's, a tenant's (support sessions into it included), or the expired ones; narrowed by the rest. */
export interface SessionScope {
  id?: string;
  accountUuid?: string;
  tenantUuid?: string;
  proxy?: boolean;
  actorKind?: 'partner' | 'operator';
  exceptId?: string;
  /** Sessions past their idle or absolute expiry at this time. */
  expiredAt?: Date;
}

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

  /**
   * Ends the open sessions `where` names and returns them as they were (with `endedAt` set): one
   * statement, so of two callers ending the same session only one gets it back (the one that
   * queues its support summary). Only SessionEndService calls it, so that no support session ends
   * without its summary (issue 21).
   */
  async end(on: TxOrShard, where: SessionScope, now: Date): Promise<Session[]> {
    const conditions = [Prisma.sql`ended_at IS NULL`];
    if (where.id) conditions.push(Prisma.sql`id = ${where.id}`);
    if (where.accountUuid) conditions.push(Prisma.sql`account_uuid = ${where.accountUuid}::uuid`);
    if (where.tenantUuid) conditions.push(Prisma.sql`tenant_uuid = ${where.tenantUuid}::uuid`);
    // Written out (not a parameter), so that the sweep's statement matches sessions_open_support_idx.
    if (where.proxy !== undefined) conditions.push(where.proxy ? Prisma.sql`proxy` : Prisma.sql`NOT proxy`);
    if (where.actorKind) conditions.push(Prisma.sql`actor_kind = ${where.actorKind}`);
    if (where.exceptId) conditions.push(Prisma.sql`id <> ${where.exceptId}`);
    if (where.expiredAt) conditions.push(Prisma.sql`(idle_expires_at <= ${where.expiredAt}::timestamptz OR absolute_expires_at <= ${where.expiredAt}::timestamptz)`);
    // A scope that names nothing would end every session of the shard.
    if (!where.id && !where.accountUuid && !where.tenantUuid && !where.expiredAt) throw new Error('SessionsRepository.end: no session named');
    const rows = await executor(this.db, on).$queryRaw<{ s: Record<string, unknown> }[]>`
      UPDATE sessions SET ended_at = ${now}::timestamptz WHERE ${Prisma.join(conditions, ' AND ')} RETURNING to_jsonb(sessions.*) AS s`;
    return rows.map((r) => fromRow<Session>(r.s));
  }

  async listActive(shard: TShard, where: { accountUuid?: string; tenantUuid?: string; proxy?: boolean }, now: Date): Promise<Session[]> {
    return this.db.client(shard).session.findMany({
      where: { endedAt: null, idleExpiresAt: { gt: now }, absoluteExpiresAt: { gt: now }, ...where },
      orderBy: { lastSeenAt: 'desc' },
      take: 100,
    });
  }
}
