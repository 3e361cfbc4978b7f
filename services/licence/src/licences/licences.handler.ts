import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { CatalogueService } from './catalogue.service.js';
import { DomainsService } from './domains.service.js';
import { LicenceCheckService } from './licence-check.service.js';
import { ServicesService } from './services.service.js';

/** Issue 10, slice A: services list, starting services, the operator catalogue, domains, and the licence check. */
@Injectable()
export class LicencesHandler {
  constructor(
    @Inject(ServicesService) private readonly services: ServicesService,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
    @Inject(DomainsService) private readonly domains: DomainsService,
    @Inject(LicenceCheckService) private readonly checks: LicenceCheckService,
  ) {}

  @Handles(API_ROUTES.productNewList)
  newList() {
    return this.services.list(requirePrincipal(), 'new');
  }

  @Handles(API_ROUTES.productServices)
  oldList() {
    return this.services.list(requirePrincipal(), 'old');
  }

  @Handles(API_ROUTES.productStart)
  start(input: ApiRequest<'productStart'>) {
    return this.services.start(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.operatorProducts)
  catalogueList() {
    return this.catalogue.list();
  }

  @Handles(API_ROUTES.operatorProductUpdate)
  catalogueUpdate(input: ApiRequest<'operatorProductUpdate'>) {
    return this.catalogue.update(input);
  }

  @Handles(API_ROUTES.productDomains)
  domainList() {
    return this.domains.list(requirePrincipal());
  }

  @Handles(API_ROUTES.productLink)
  link(input: ApiRequest<'productLink'>) {
    return this.domains.link(requirePrincipal(), input);
  }

  @Handles(API_ROUTES.productUnlink)
  unlink(input: ApiRequest<'productUnlink'>) {
    return this.domains.unlink(requirePrincipal(), input);
  }

  /** Tenancy from the principal: a client asks about itself only (another client is not held). */
  @Handles(INTERNAL_ROUTES.licenceCheck)
  async check(query: InternalRequest<'licenceCheck'>) {
    const principal = requirePrincipal();
    if (principal.client_uuid !== query.client_uuid) return { live: false, kind: null, reason: 'not_held' as const };
    return this.checks.check(principal.region, query.client_uuid, query.product);
  }
}
