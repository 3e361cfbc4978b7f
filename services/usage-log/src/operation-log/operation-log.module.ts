import { Module } from '@nestjs/common';
import { OperationLogHandler } from './operation-log.handler.js';
import { OperationLogRepository } from './operation-log.repository.js';
import { OperationLogService } from './operation-log.service.js';

@Module({ providers: [OperationLogHandler, OperationLogService, OperationLogRepository] })
export class OperationLogModule {}
