import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, DASHBOARD_PRODUCT_IDS, USAGE_ROUTES, dashboardRouteName, type ApiRequest, type TUsageDashboard } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { UsageService } from './usage.service.js';

/** Issue 13, slice B: POST /v1/logs/{product} (one route per product) and GET /v1/client_activity_log/usage. */
@Injectable()
export class UsageHandler {
  constructor(@Inject(UsageService) readonly usage: UsageService) {}

  @Handles(API_ROUTES.clientActivityList)
  clientActivityList(query: ApiRequest<'clientActivityList'>) {
    return this.usage.clientActivity(requirePrincipal(), query);
  }
}

// The 13 dashboard routes share one method each, bound like a hand-written @Handles.
for (const product of DASHBOARD_PRODUCT_IDS) {
  const name = dashboardRouteName(product);
  const descriptor: TypedPropertyDescriptor<(this: UsageHandler, query: ApiRequest<typeof name>) => Promise<TUsageDashboard>> = {
    value(query) { return this.usage.dashboard(requirePrincipal(), product, query); },
    writable: true, configurable: true,
  };
  Object.defineProperty(UsageHandler.prototype, name, descriptor);
  Handles(USAGE_ROUTES[name])(UsageHandler.prototype, name, descriptor);
}
