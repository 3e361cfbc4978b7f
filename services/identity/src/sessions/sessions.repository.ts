import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { IdentityDb, Session, Tx } from '../db.js';

export type NewSession = Omit<Session, 'createdAt' | 'lastSeenAt' | 'endedAt'>;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async insert(tx: Tx, row: NewSession): Promise<void> {
    await tx.session.create({ data: row });
  }

  async find(shard: TShard, id: string): Promise<Session | null> {
    return this.db.client(shard).session.findUnique({ where: { id } });
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
