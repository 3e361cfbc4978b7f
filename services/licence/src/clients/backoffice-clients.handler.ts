import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ClientBulkService } from './client-bulk.service.js';
import { ClientCreateService } from './client-create.service.js';
import { ClientInfoService } from './client-info.service.js';
import { ClientListService } from './client-list.service.js';
import { ClientStatusService } from './client-status.service.js';

/**
 * Issue 14, slice A: the operator's and the partner's clients. Each area has its own routes (and
 * policy); both go through the same services, which take the scope from the principal only.
 */
@Injectable()
export class BackofficeClientsHandler {
  constructor(
    @Inject(ClientListService) private readonly list: ClientListService,
    @Inject(ClientInfoService) private readonly info: ClientInfoService,
    @Inject(ClientStatusService) private readonly status: ClientStatusService,
    @Inject(ClientCreateService) private readonly creator: ClientCreateService,
    @Inject(ClientBulkService) private readonly bulk: ClientBulkService,
  ) {}

  @Handles(API_ROUTES.boClientList)
  boList(query: ApiRequest<'boClientList'>) { return this.list.backoffice(requirePrincipal(), query); }
  @Handles(API_ROUTES.partnerClientList)
  partnerList(query: ApiRequest<'partnerClientList'>) { return this.list.backoffice(requirePrincipal(), query); }

  @Handles(API_ROUTES.boClientCsv)
  boCsv(query: ApiRequest<'boClientCsv'>) { return this.list.csv(requirePrincipal(), query, requireContext().language); }
  @Handles(API_ROUTES.partnerClientCsv)
  partnerCsv(query: ApiRequest<'partnerClientCsv'>) { return this.list.csv(requirePrincipal(), query, requireContext().language); }

  @Handles(API_ROUTES.boClientInfo)
  boInfo(query: ApiRequest<'boClientInfo'>) { return this.info.info(requirePrincipal(), query.region, query.uuid); }
  @Handles(API_ROUTES.partnerClientInfo)
  partnerInfo(query: ApiRequest<'partnerClientInfo'>) { return this.info.info(requirePrincipal(), query.region, query.uuid); }

  @Handles(API_ROUTES.boClientSuspend)
  boSuspend(input: ApiRequest<'boClientSuspend'>) { return this.status.setStatus(requirePrincipal(), input.region, input.uuid, 'inactive'); }
  @Handles(API_ROUTES.boClientResume)
  boResume(input: ApiRequest<'boClientResume'>) { return this.status.setStatus(requirePrincipal(), input.region, input.uuid, 'active'); }
  @Handles(API_ROUTES.partnerClientSuspend)
  partnerSuspend(input: ApiRequest<'partnerClientSuspend'>) { return this.status.setStatus(requirePrincipal(), input.region, input.uuid, 'inactive'); }
  @Handles(API_ROUTES.partnerClientResume)
  partnerResume(input: ApiRequest<'partnerClientResume'>) { return this.status.setStatus(requirePrincipal(), input.region, input.uuid, 'active'); }

  // Issue 25 point 5: bulk actions on the list's selection.
  @Handles(API_ROUTES.boClientBulkSuspend)
  boBulkSuspend(input: ApiRequest<'boClientBulkSuspend'>) { return this.bulk.suspend(requirePrincipal(), input); }
  @Handles(API_ROUTES.partnerClientBulkSuspend)
  partnerBulkSuspend(input: ApiRequest<'partnerClientBulkSuspend'>) { return this.bulk.suspend(requirePrincipal(), input); }
  @Handles(API_ROUTES.boClientBulkCsv)
  boBulkCsv(input: ApiRequest<'boClientBulkCsv'>) { return this.list.selectionCsv(requirePrincipal(), input, requireContext().language); }
  @Handles(API_ROUTES.partnerClientBulkCsv)
  partnerBulkCsv(input: ApiRequest<'partnerClientBulkCsv'>) { return this.list.selectionCsv(requirePrincipal(), input, requireContext().language); }

  @Handles(API_ROUTES.boClientLicenceType)
  boLicenceType(input: ApiRequest<'boClientLicenceType'>) { return this.info.setLicenceType(requirePrincipal(), input.region, input.uuid, input.licence_type); }
  @Handles(API_ROUTES.partnerClientLicenceType)
  partnerLicenceType(input: ApiRequest<'partnerClientLicenceType'>) { return this.info.setLicenceType(requirePrincipal(), input.region, input.uuid, input.licence_type); }

  @Handles(API_ROUTES.boClientEuRule)
  boEuRule(input: ApiRequest<'boClientEuRule'>) { return this.info.setEuRestricted(requirePrincipal(), input.region, input.uuid, input.eu_restricted); }

  @Handles(API_ROUTES.clientCreatePartners)
  createPartners() { return this.creator.partnerOptions(); }
  @Handles(API_ROUTES.clientCreateLicenceCheck)
  createLicenceCheck(input: ApiRequest<'clientCreateLicenceCheck'>) { return this.creator.checkLicence(input); }
  @Handles(API_ROUTES.clientCreateClientCheck)
  createClientCheck(input: ApiRequest<'clientCreateClientCheck'>) { return this.creator.checkClient(input.region, input); }
  @Handles(API_ROUTES.clientCreateProductsCheck)
  createProductsCheck(input: ApiRequest<'clientCreateProductsCheck'>) { return this.creator.checkProducts(input.region, input.products); }
  @Handles(API_ROUTES.clientCreate)
  create(input: ApiRequest<'clientCreate'>) { return this.creator.create(requirePrincipal(), input); }
}
