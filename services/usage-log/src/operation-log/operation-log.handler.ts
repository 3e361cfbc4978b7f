import { Inject, Injectable } from '@nestjs/common';
import { Events, Subjects, ZExportRequest, ZOperationLogQuery, type TOperationRecorded } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { requireContext } from '@portal/service-common/context';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { OperationLogRepository } from './operation-log.repository.js';
import { OperationLogService, type OperationLogFilter, type OperationLogQuery } from './operation-log.service.js';

/** The operation (audit) log: entries arrive through other services' outboxes, once each. */
@Injectable()
export class OperationLogHandler {
  constructor(
    @Inject(OperationLogService) private readonly logs: OperationLogService,
    @Inject(OperationLogRepository) private readonly entries: OperationLogRepository,
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
  recorded(entry: TOperationRecorded, msgId: string): Promise<void> {
    return this.entries.record(requireContext().region, entry, msgId);
  }
}
