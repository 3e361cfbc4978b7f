import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, areaOf, type InternalRequest, type TMeteredUsage } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { Handles } from '@portal/service-common/service-host';
import { PgUsageStore } from './usage-store.pg.js';
import { USAGE_STORE, type UsageStore } from './usage-store.port.js';

/**
 * Issue 23, item 3: the usage a metered line bills, from the rollups, for licence (the billing
 * run's pages and the previews). Policy-free like the other internal calls: a job asks without a
 * principal; a call that carries one must be an operator's, or a client's asking for itself only.
 */
@Injectable()
export class MeteredUsageHandler {
  constructor(@Inject(USAGE_STORE) private readonly store: UsageStore) {}

  @Handles(INTERNAL_ROUTES.meteredUsage)
  async sums(query: InternalRequest<'meteredUsage'>): Promise<TMeteredUsage> {
    const principal = currentContext()?.principal;
    if (principal && areaOf(principal) !== 'operator') {
      const own = areaOf(principal) === 'client' && query.shard === principal.region && query.entries.every((e) => e.client_uuid === principal.client_uuid);
      if (!own) throw ServiceError.forbidden();
    }
    const store = this.store instanceof PgUsageStore ? this.store.forShard(query.shard) : this.store;
    const quantities = await store.sums(query.entries.map((e) => ({ client: e.client_uuid, product: e.product, metric: e.metric, range: { from: e.from, to: e.to } })));
    return { quantities };
  }
}
