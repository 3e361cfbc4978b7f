import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { BillingInfoService } from './billing-info.service.js';

/** Billing information (spec §3; issue 11, slice A). */
@Injectable()
export class BillingInfoHandler {
  constructor(@Inject(BillingInfoService) private readonly service: BillingInfoService) {}

  @Handles(API_ROUTES.billingInfo)
  get() {
    return this.service.get(requirePrincipal());
  }

  @Handles(API_ROUTES.billingInfoUpdate)
  update(input: ApiRequest<'billingInfoUpdate'>) {
    return this.service.update(requirePrincipal(), input);
  }

  // Issue 25, point 5: an operator, on the client's behalf (the client named by the request).
  @Handles(API_ROUTES.boClientBillingInfo)
  getOnBehalf(query: ApiRequest<'boClientBillingInfo'>) {
    return this.service.getOnBehalf(requirePrincipal(), query.region, query.uuid);
  }

  @Handles(API_ROUTES.boClientBillingInfoUpdate)
  updateOnBehalf(input: ApiRequest<'boClientBillingInfoUpdate'>) {
    return this.service.updateOnBehalf(requirePrincipal(), input);
  }
}
