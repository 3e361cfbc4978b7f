import { Inject, Injectable } from '@nestjs/common';
import { operationsOf, zonedDayEnd, zonedDayStart, type TOperationCategory, type TOperationRecorded, type TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Prisma } from '../generated/prisma/client.js';
import type { Tx, UsageLogDb } from '../db.js';

/**
 * The log's filters. `from` and `to` are calendar dates in `timeZone`, the zone of the host's
 * region (proto's REGION_PROFILES): the same zone the log's times are shown in, so a day on screen
 * and a day in the filter are the same day.
 */
export interface OperationLogFilter { from?: string; to?: string; account_uuid?: string; category?: TOperationCategory; operation?: string; timeZone: string }

/** The operation log of each region's companies. Only this repository touches the table. */
@Injectable()
export class OperationLogRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: UsageLogDb) {}

  /** One entry (in the consumer's unit of work, once per event). */
  async record(tx: Tx, entry: TOperationRecorded): Promise<void> {
    await tx.operationLog.create({
      data: { clientUuid: entry.client_uuid ?? '', accountUuid: entry.account_uuid, operation: entry.operation, detail: entry.detail as object, occurredAt: new Date(entry.occurred_at) },
    });
  }

  /**
   * A page of a company's log, newest first, and how many entries match, from one snapshot: entries
   * keep arriving, and a page read apart from its count could say "1 entry" and show none.
   */
  async page(shard: TShard, clientUuid: string, filter: OperationLogFilter, skip: number, take: number) {
    const where = this.where(clientUuid, filter);
    const client = this.db.client(shard);
    const [rows, total] = await client.$transaction([
      client.operationLog.findMany({ where, orderBy: [{ occurredAt: 'desc' }, { id: 'asc' }], skip, take }),
      client.operationLog.count({ where }),
    ], { isolationLevel: 'RepeatableRead' });
    return { rows, total };
  }

  /** The accounts that appear in a company's log (at most `take`). */
  async accountUuids(shard: TShard, clientUuid: string, take: number): Promise<string[]> {
    const rows = await this.db.client(shard).operationLog.findMany({ where: { clientUuid, accountUuid: { not: null } }, distinct: ['accountUuid'], select: { accountUuid: true }, take });
    return rows.map((r) => r.accountUuid!);
  }

  /** The matching entries, newest first, at most `take` (an export reads one more than it may write to know it is too large). */
  newest(shard: TShard, clientUuid: string, filter: OperationLogFilter, take: number) {
    return this.db.client(shard).operationLog.findMany({ where: this.where(clientUuid, filter), orderBy: [{ occurredAt: 'desc' }, { id: 'asc' }], take });
  }

  private where(clientUuid: string, filter: OperationLogFilter): Prisma.OperationLogWhereInput {
    const occurredAt = {
      ...(filter.from ? { gte: zonedDayStart(filter.from, filter.timeZone) } : {}),
      ...(filter.to ? { lt: zonedDayEnd(filter.to, filter.timeZone) } : {}),
    };
    return {
      clientUuid,
      ...(filter.from || filter.to ? { occurredAt } : {}),
      ...(filter.account_uuid ? { accountUuid: filter.account_uuid } : {}),
      ...(filter.operation || filter.category
        ? { AND: [
          ...(filter.operation ? [{ operation: filter.operation }] : []),
          ...(filter.category ? [{ operation: { in: operationsOf(filter.category) as string[] } }] : []),
        ] }
        : {}),
    };
  }
}
