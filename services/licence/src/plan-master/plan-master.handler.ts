import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { PlanMasterService } from './plan-master.service.js';

/** Plan master (slice B of issue 10): operator /v1 calls (OPERATOR_ONLY in the policy table) and the client flow's lists. */
@Injectable()
export class PlanMasterHandler {
  constructor(@Inject(PlanMasterService) private readonly master: PlanMasterService) {}

  @Handles(API_ROUTES.planMasterList)
  list(query: ApiRequest<'planMasterList'>) {
    requirePrincipal();
    return this.master.list(query);
  }

  @Handles(API_ROUTES.planMasterGet)
  get(query: ApiRequest<'planMasterGet'>) {
    requirePrincipal();
    return this.master.get(query.id);
  }

  @Handles(API_ROUTES.planMasterCreate)
  create(input: ApiRequest<'planMasterCreate'>) {
    requirePrincipal();
    return this.master.create(input);
  }

  @Handles(API_ROUTES.planMasterUpdate)
  update(input: ApiRequest<'planMasterUpdate'>) {
    requirePrincipal();
    return this.master.update(input);
  }

  @Handles(API_ROUTES.planMasterOrder)
  order(input: ApiRequest<'planMasterOrder'>) {
    requirePrincipal();
    return this.master.order(input);
  }

  @Handles(API_ROUTES.planBaseList)
  baseList(query: ApiRequest<'planBaseList'>) {
    return this.master.baseList(requirePrincipal(), query);
  }

  @Handles(API_ROUTES.planOptionList)
  optionList(query: ApiRequest<'planOptionList'>) {
    return this.master.optionList(requirePrincipal(), query);
  }
}
