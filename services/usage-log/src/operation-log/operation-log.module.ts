import { Module } from '@nestjs/common';
import { OperationLogHandler } from './operation-log.handler.js';
import { OperationLogRepository } from './operation-log.repository.js';
import { OperationLogService } from './operation-log.service.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLogService } from './audit-log.service.js';
import { SupportSummaryHandler } from './support-summary.handler.js';
import { SupportSummaryService } from './support-summary.service.js';

@Module({ providers: [OperationLogHandler, OperationLogService, OperationLogRepository, /* issue 25 */ AuditLogService, AuditLogRepository, /* issue 21 */ SupportSummaryHandler, SupportSummaryService] })
export class OperationLogModule {}
