import { Injectable } from '@nestjs/common';
import { API_ROUTES } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';

/** Billing information (spec §3). Registration arrives with the billing issue; until then none is registered. */
@Injectable()
export class BillingInfoHandler {
  @Handles(API_ROUTES.billingInfo)
  get() {
    requirePrincipal();
    return { registered: false, billing_info: null };
  }
}
