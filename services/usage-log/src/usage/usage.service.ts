import { Inject, Injectable } from '@nestjs/common';
import {
  API_ROUTES, INTERNAL_ROUTES, DASHBOARD_PRODUCT_IDS, isDashboardProduct, productMetrics,
  type ApiReply, type TClientActivityQuery, type TDashboardProduct, type TPrincipal, type TShard, type TUsageDashboard, type TUsageDashboardQuery,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { buildDashboard } from './usage-dashboard.js';
import { USAGE_STORE, type UsageStore } from './usage-store.port.js';

/** A store that can answer for another region's shard than the request's (the PostgreSQL adapter). */
const forShard = (store: UsageStore, shard: TShard): UsageStore =>
  ('forShard' in store && typeof store.forShard === 'function' ? (store.forShard as (s: TShard) => UsageStore)(shard) : store);

/** Answered as an unknown route is (HTTP 404): the caller learns nothing about the product. */
const notFound = () => ServiceError.notFound();

/** The usage dashboards and the client activity log: reads through the UsageStore only. */
@Injectable()
export class UsageService {
  constructor(
    @Inject(USAGE_STORE) private readonly store: UsageStore,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The signed-in client's dashboard for one product. Authority is the account's available
   * products as licence answers them for the session (the owner's during a support login): a
   * product the account may not open is 404, as spec §2 sends such a user to 404.
   */
  async dashboard(principal: TPrincipal, product: TDashboardProduct, query: TUsageDashboardQuery): Promise<TUsageDashboard> {
    if (!principal.client_uuid) throw notFound();
    const { allowed } = await ask(this.transport, INTERNAL_ROUTES.productAccess, { product });
    if (!allowed) throw notFound();
    return buildDashboard(forShard(this.store, principal.home_shard), { client: principal.client_uuid, region: principal.region, product, query, now: this.clock.now() });
  }

  /**
   * Operator: every client; partner: its own. The page of clients (search, paging, the partner's
   * scope) is licence's client list asked with the caller's principal, so the scope is licence's
   * one rule; the store then answers the last use and counts of that page's clients.
   */
  async clientActivity(_principal: TPrincipal, query: TClientActivityQuery): Promise<ApiReply<'clientActivityList'>> {
    const page = await ask(this.transport, API_ROUTES.clientList, {
      page: query.page, per_page: query.per_page, q: query.q, sort: 'company_name', order: 'asc',
    });
    // Each client's usage lives in its region's shard: one question per region of the page.
    const regions = [...new Set(page.clients.map((c) => c.region))];
    const uses = (await Promise.all(regions.map((region) => forShard(this.store, region).lastUse({
      clients: page.clients.filter((c) => c.region === region).map((c) => c.uuid), products: [...DASHBOARD_PRODUCT_IDS], range: { from: query.from, to: query.to },
    })))).flat();
    return {
      total: page.total,
      clients: page.clients.map((c) => ({
        client_uuid: c.uuid, company_name: c.company_name, region: c.region,
        // Only the products the client has ever used (the store may answer a row for every product asked).
        products: uses.filter((u): u is typeof u & { product: TDashboardProduct } => u.client === c.uuid && isDashboardProduct(u.product) && u.lastAt !== null)
          .sort((a, b) => DASHBOARD_PRODUCT_IDS.indexOf(a.product) - DASHBOARD_PRODUCT_IDS.indexOf(b.product))
          .map((u) => ({
            product: u.product,
            last_at: u.lastAt ? u.lastAt.toISOString() : null,
            totals: productMetrics(u.product).map((metric) => ({ metric, count: u.totals[metric] ?? 0 })),
          })),
      })),
    };
  }
}
