import { Inject, Injectable } from '@nestjs/common';
import { Events, Subjects, ZExportRequest, ZOperationLogQuery } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { requireContext } from '@portal/service-common/context';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { OperationLogService, type OperationLogFilter, type OperationLogQuery } from './operation-log.service.js';
import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';

const ZOperationRecorded = z.object({
  client_uuid: z.string().nullable(),
  account_uuid: z.string().nullable(),
  operation: z.string().max(100),
  detail: z.record(z.string(), z.unknown()).default({}),
  occurred_at: z.iso.datetime(),
});

/** The operation (audit) log: entries arrive through other services' outboxes, once each. */
@Injectable()
export class OperationLogHandler {
  constructor(
    @Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>,
    @Inject(OperationLogService) private readonly logs: OperationLogService,
  ) {}

  @Handles(Subjects.usageLog.operationLogList, ZOperationLogQuery)
  list(query: OperationLogQuery) {
    return this.logs.list(requirePrincipal(), query);
  }

  @Handles(Subjects.usageLog.exportCsv, ZExportRequest)
  exportCsv(input: OperationLogFilter) {
    return this.logs.exportCsv(requirePrincipal(), input, requireContext().language);
  }

  @OnEvent(Events.usageLog.operationRecorded)
  async recorded(payload: unknown, msgId: string): Promise<void> {
    const entry = ZOperationRecorded.parse(payload);
    const shard = requireContext().region;
    await this.db.client(shard).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'usage-log-operation', msgId))) return;
      await tx.operationLog.create({
        data: { clientUuid: entry.client_uuid ?? '', accountUuid: entry.account_uuid, operation: entry.operation, detail: entry.detail as object, occurredAt: new Date(entry.occurred_at) },
      });
    });
  }
}
