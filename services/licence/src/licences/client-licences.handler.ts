import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ClientLicencesService } from './client-licences.service.js';

/** Issue 25, point 5: the licences section of the back-office client info page. */
@Injectable()
export class ClientLicencesHandler {
  constructor(@Inject(ClientLicencesService) private readonly licences: ClientLicencesService) {}

  @Handles(API_ROUTES.boClientLicences)
  bo(q: ApiRequest<'boClientLicences'>) { return this.licences.picture(requirePrincipal(), q.region, q.uuid); }
  @Handles(API_ROUTES.partnerClientLicences)
  partner(q: ApiRequest<'partnerClientLicences'>) { return this.licences.picture(requirePrincipal(), q.region, q.uuid); }
}
