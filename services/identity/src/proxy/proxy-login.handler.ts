import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZProxyEligibilityQuery, ZProxyLoginIssue, ZProxyLoginRequest, type TRegion } from '@portal/proto';
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

  @Handles(Subjects.identity.proxyIssue, ZProxyLoginIssue)
  issue(input: { client_uuid: string; region?: TRegion }) {
    return this.proxy.issue(requirePrincipal(), input.client_uuid, input.region);
  }

  @Handles(Subjects.identity.proxyLogin, ZProxyLoginRequest)
  use(input: { access_token: string }) {
    return this.proxy.use(input.access_token);
  }

  @Handles(Subjects.identity.proxyEligibility, ZProxyEligibilityQuery)
  check(input: { clients: { uuid: string; region: TRegion }[] }) {
    return this.eligibility.check(requirePrincipal(), input.clients);
  }
}
