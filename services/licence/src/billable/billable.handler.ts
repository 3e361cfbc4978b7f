import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, areaOf, type InternalRequest } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { Handles } from '@portal/service-common/service-host';
import { BillableService } from './billable.service.js';

/**
 * Issue 11, slice C2: billing's monthly run asks for a shard's billable contract items. The run is
 * a job (no principal); a call that carries a principal must be an operator's, or a client's asking
 * for itself (the next-invoice preview).
 */
@Injectable()
export class BillableHandler {
  constructor(@Inject(BillableService) private readonly billable: BillableService) {}

  @Handles(INTERNAL_ROUTES.contractsBillable)
  page(query: InternalRequest<'contractsBillable'>) {
    const principal = currentContext()?.principal;
    const own = principal && areaOf(principal) === 'client' && query.client_uuid !== undefined && query.client_uuid === principal.client_uuid && query.shard === principal.region;
    if (principal && areaOf(principal) !== 'operator' && !own) throw ServiceError.forbidden();
    return this.billable.page(query);
  }
}
