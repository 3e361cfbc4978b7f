import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, type ApiRequest, type TOperationRecorded } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { requireContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { OperationLogRepository } from './operation-log.repository.js';
import { OperationLogService } from './operation-log.service.js';

/** The operation (audit) log: entries arrive through other services' outboxes, once each. */
@Injectable()
export class OperationLogHandler {
  constructor(
    @Inject(OperationLogService) private readonly logs: OperationLogService,
    @Inject(OperationLogRepository) private readonly entries: OperationLogRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @Handles(API_ROUTES.operationLog)
  list(query: ApiRequest<'operationLog'>) {
    return this.logs.list(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.exportCsv)
  exportCsv(input: ApiRequest<'exportCsv'>) {
    return this.logs.exportCsv(requirePrincipal(), input, requireContext().language);
  }

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.usageLog.operationRecorded)
  recorded(entry: TOperationRecorded, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'usage-log-operation', msgId, (tx) => this.entries.record(tx, entry));
  }
}
