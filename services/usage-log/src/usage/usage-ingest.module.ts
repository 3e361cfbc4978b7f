import { Module } from '@nestjs/common';
import { MeteredUsageHandler } from './metered-usage.handler.js';
import { ProductKeysRepository } from './product-keys.repository.js';
import { ProductKeysService } from './product-keys.service.js';
import { UsageDemoSeed } from './usage-demo.js';
import { UsageIngestHandler } from './usage-ingest.handler.js';
import { UsageRollupsRepository } from './usage-rollups.repository.js';
import { usageStoreProvider } from './usage-store.pg.js';

/**
 * Issue 13, slice A: product keys, the usage-event consumer, the rollups and the UsageStore port
 * (exported: slice B's dashboards inject `USAGE_STORE`).
 */
@Module({
  providers: [UsageIngestHandler, MeteredUsageHandler, ProductKeysService, ProductKeysRepository, UsageRollupsRepository, usageStoreProvider, UsageDemoSeed],
  exports: [usageStoreProvider.provide, ProductKeysService],
})
export class UsageIngestModule {}
