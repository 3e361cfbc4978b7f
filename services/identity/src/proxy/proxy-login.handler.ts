import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { ProxyEligibilityService } from './proxy-eligibility.service.js';
import { ProxyLoginService } from './proxy-login.service.js';

@Injectable()
export class ProxyLoginHandler {
  constructor(
    @Inject(ProxyLoginService) private readonly proxy: ProxyLoginService,
    @Inject(ProxyEligibilityService) private readonly eligibility: ProxyEligibilityService,
  ) {}

  @Handles(API_ROUTES.proxyLoginIssue)
  issue(input: ApiRequest<'proxyLoginIssue'>) {
    return this.proxy.issue(requirePrincipal(), input.client_uuid, input.region);
  }

  @Handles(API_ROUTES.operatorPartnerProxyLogin)
  issueForPartner(input: ApiRequest<'operatorPartnerProxyLogin'>) {
    return this.proxy.issueForPartner(requirePrincipal(), input.partner_uuid, input.region);
  }

  @Handles(API_ROUTES.proxyLogin)
  use(input: ApiRequest<'proxyLogin'>) {
    return this.proxy.use(input.access_token);
  }

  @Handles(INTERNAL_ROUTES.proxyEligibility)
  check(input: InternalRequest<'proxyEligibility'>) {
    return this.eligibility.check(requirePrincipal(), input.clients);
  }
}
