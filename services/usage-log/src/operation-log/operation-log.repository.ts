import { Inject, Injectable } from '@nestjs/common';
import type { TOperationRecorded, TShard } from '@portal/proto';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** Writes of the operation log. */
@Injectable()
export class OperationLogRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  /** One entry per event (a redelivery changes nothing). */
  async record(shard: TShard, entry: TOperationRecorded, msgId: string): Promise<void> {
    await this.db.client(shard).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'usage-log-operation', msgId))) return;
      await tx.operationLog.create({
        data: { clientUuid: entry.client_uuid ?? '', accountUuid: entry.account_uuid, operation: entry.operation, detail: entry.detail as object, occurredAt: new Date(entry.occurred_at) },
      });
    });
  }
}
