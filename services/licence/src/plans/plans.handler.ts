import { Injectable } from '@nestjs/common';
import { API_ROUTES } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';

/** The client's contracts (spec §2 /plan/list). Contracts arrive with the plans issue; until then there are none. */
@Injectable()
export class PlansHandler {
  @Handles(API_ROUTES.planClientList)
  clientList() {
    requirePrincipal();
    return { contracts: [] };
  }
}
