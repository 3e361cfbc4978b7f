import { Module } from '@nestjs/common';
import { OperationLogHandler } from './operation-log.handler.js';
import { OperationLogService } from './operation-log.service.js';

@Module({ providers: [OperationLogHandler, OperationLogService] })
export class OperationLogModule {}
