import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { OperationLogModule } from './operation-log/operation-log.module.js';
import { UsageModule } from './usage/usage.module.js';
import { loadConfig } from '@portal/service-common/config';
// Issue 13, slice A: usage ingestion, rollups and the UsageStore port.
import { UsageIngestModule } from './usage/usage-ingest.module.js';
import { USAGE_CONFIG, ZUsageConfig } from './usage/usage.config.js';
import { SEEN_RETENTION_DAYS } from './usage/usage-rollups.repository.js';

/** The setting operation_logs' append-only trigger lets deletes through with (migration 20261222090000_i25_audit_actor). */
export const AUDIT_RETENTION_SETTING = 'portal.audit_retention';

/** usage-log: product usage events, rollups, dashboards, the operation (audit) log, CSV exports (DESIGN §1). */
export const usageLogService: ServiceDefinition<PrismaClient> = {
  name: 'usage-log',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Feature modules arrive with their issues; each is src/<feature>/<feature>.module.ts.
  features: [OperationLogModule, /* issue 13, slice A */ UsageIngestModule, /* issue 13, slice B */ UsageModule],
  // Issue 13, slice A: the usage config (product key encryption, rotation overlap, demo data).
  providers: (env) => [{ provide: USAGE_CONFIG, useValue: loadConfig(ZUsageConfig, env) }],
  // Event ids of usage events: kept 8 days (late events are taken up to 7).
  retention: (config) => [
    { name: 'usage_events_seen', table: 'usage_events_seen', periodDays: SEEN_RETENTION_DAYS, where: 'seen_at < $1' },
    // Issue 25: the audit log only when configured (RETENTION_AUDIT_LOG_DAYS; off by default). The
    // table refuses every delete but one made with this transaction-local setting (its trigger).
    ...(config.RETENTION_AUDIT_LOG_DAYS > 0
      ? [{ name: 'operation_logs', table: 'operation_logs', periodDays: config.RETENTION_AUDIT_LOG_DAYS, where: 'occurred_at < $1', setting: AUDIT_RETENTION_SETTING }]
      : []),
  ],
  prismaClient: PrismaClient,
};
