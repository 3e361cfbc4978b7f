import { Injectable } from '@nestjs/common';
import { Subjects } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';

/** The client's contracts (spec §2 /plan/list). Contracts arrive with the plans issue; until then there are none. */
@Injectable()
export class PlansHandler {
  @Handles(Subjects.licence.planClientList)
  clientList() {
    requirePrincipal();
    return { contracts: [] };
  }
}
