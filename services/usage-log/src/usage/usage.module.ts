import { Module } from '@nestjs/common';
import { UsageIngestModule } from './usage-ingest.module.js';
import { UsageHandler } from './usage.handler.js';
import { UsageService } from './usage.service.js';

/** Issue 13, slice B: the usage dashboards and the client activity log, reading slice A's USAGE_STORE (the PostgreSQL adapter). */
@Module({ imports: [UsageIngestModule], providers: [UsageHandler, UsageService] })
export class UsageModule {}
