import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, type ApiRequest, type TOperationRecorded } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { OperationLogRepository } from './operation-log.repository.js';
import { OperationLogService } from './operation-log.service.js';
import { AuditLogService } from './audit-log.service.js';

/** The operation (audit) log: entries arrive through other services' outboxes, once each. */
@Injectable()
export class OperationLogHandler {
  constructor(
    @Inject(OperationLogService) private readonly logs: OperationLogService,
    @Inject(OperationLogRepository) private readonly entries: OperationLogRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(AuditLogService) private readonly audit: AuditLogService,
  ) {}

  @Handles(API_ROUTES.operationLog)
  list(query: ApiRequest<'operationLog'>) {
    return this.logs.list(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.exportCsv)
  exportCsv(input: ApiRequest<'exportCsv'>) {
    return this.logs.exportCsv(requirePrincipal(), input, requireContext().language);
  }

  /** Issue 25: the audit log (operators: all; partners: their scope) and its CSV, one chunk per call. */
  @Handles(API_ROUTES.auditLogList)
  auditLog(query: ApiRequest<'auditLogList'>) {
    return this.audit.list(requirePrincipal(), query, requireContext().language);
  }

  @Handles(API_ROUTES.auditLogExport)
  auditLogExport(query: ApiRequest<'auditLogExport'>) {
    return this.audit.exportChunk(requirePrincipal(), query, requireContext().language);
  }

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.usageLog.operationRecorded)
  recorded(entry: TOperationRecorded, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'usage-log-operation', msgId, (tx) => this.entries.record(tx, entry));
  }
}
