import { Module } from '@nestjs/common';
import { BackofficeLookupHandler } from './backoffice-lookup.handler.js';
import { BackofficeLookupRepository } from './backoffice-lookup.repository.js';
import { TenantSearchRepository } from './tenant-search.repository.js';

/** Issue 14, slice C: what licence's migration and embed-code screens ask identity (read-only). */
@Module({ providers: [BackofficeLookupHandler, BackofficeLookupRepository, TenantSearchRepository] })
export class BackofficeLookupModule {}
