import { Inject, Injectable } from '@nestjs/common';
import { operationsOf, zonedDayEnd, zonedDayStart, type TAuditLogFilter, type TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { UsageLogDb } from '../db.js';
import { COLUMNS, type LogKey, type LogRow } from './operation-log.repository.js';

/** A partner's part of the log in one shard: its staff's entries, and those of its clients (and of itself). */
export interface PartnerScope { partners: readonly string[]; clients: ReadonlyMap<TShard, readonly string[]> }

export type AuditRow = LogRow & { shard: TShard };

/** Newest first: (occurred_at, id) descending, as every shard's index orders it. */
const newerFirst = (a: AuditRow, b: AuditRow) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Issue 25: the audit log, read across the shards: each shard's keyset page (by
 * operation_logs_keyset_idx and its actor and target siblings) after the same key, merged newest
 * first. A key is an (occurred_at, id) pair, so one cursor serves every shard.
 */
@Injectable()
export class AuditLogRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: UsageLogDb) {}

  shards(): readonly TShard[] {
    return this.db.shards();
  }

  /** Up to `take` entries older than `after` (or the newest), over `shards`. */
  async page(shards: readonly TShard[], filter: TAuditLogFilter & { timeZone: string }, scope: PartnerScope | null, after: LogKey | undefined, take: number): Promise<AuditRow[]> {
    const per = await Promise.all(shards.map(async (shard) => {
      const where = this.where(shard, filter, scope);
      if (!where) return [];
      const cond = after ? Prisma.sql`AND (occurred_at, id) < (${after.occurredAt}, ${after.id}::uuid)` : Prisma.empty;
      const rows = await this.db.client(shard).$queryRaw<LogRow[]>`
        SELECT ${COLUMNS} FROM operation_logs WHERE ${where} ${cond} ORDER BY occurred_at DESC, id DESC LIMIT ${take}`;
      return rows.map((r) => ({ ...r, shard }));
    }));
    return per.flat().sort(newerFirst).slice(0, take);
  }

  /** The filter's condition in a shard, or null when the scope has nothing there. */
  private where(shard: TShard, filter: TAuditLogFilter & { timeZone: string }, scope: PartnerScope | null): Prisma.Sql | null {
    const parts: Prisma.Sql[] = [];
    if (scope) {
      const tenants = [...scope.partners, ...(scope.clients.get(shard) ?? [])];
      parts.push(Prisma.sql`(actor_org_uuid = ANY(${[...scope.partners]}::text[]) OR client_uuid = ANY(${tenants}::text[]))`);
    }
    if (filter.from) parts.push(Prisma.sql`occurred_at >= ${zonedDayStart(filter.from, filter.timeZone)}`);
    if (filter.to) parts.push(Prisma.sql`occurred_at < ${zonedDayEnd(filter.to, filter.timeZone)}`);
    if (filter.actor_kind) parts.push(Prisma.sql`actor_kind = ${filter.actor_kind}`);
    if (filter.actor) {
      const like = `%${filter.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(Prisma.sql`(actor_name ILIKE ${like} OR actor_org ILIKE ${like})`);
    }
    if (filter.target_type) parts.push(Prisma.sql`target_type = ${filter.target_type}`);
    if (filter.target_id) parts.push(Prisma.sql`target_id = ${filter.target_id.toLowerCase()}`);
    if (filter.operation) parts.push(Prisma.sql`operation = ${filter.operation}`);
    if (filter.category) parts.push(Prisma.sql`operation = ANY(${operationsOf(filter.category) as string[]}::text[])`);
    return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`true`;
  }
}
