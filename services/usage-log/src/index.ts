import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { OperationLogModule } from './operation-log/operation-log.module.js';

/** usage-log: product usage events, rollups, dashboards, the operation (audit) log, CSV exports (DESIGN §1). */
export const usageLogService: ServiceDefinition<PrismaClient> = {
  name: 'usage-log',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Feature modules arrive with their issues; each is src/<feature>/<feature>.module.ts.
  features: [OperationLogModule],
  prismaClient: PrismaClient,
};
