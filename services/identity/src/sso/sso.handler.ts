import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SigningKeys } from './signing-keys.js';
import { SsoService } from './sso.service.js';

@Injectable()
export class SsoHandler {
  constructor(@Inject(SsoService) private readonly sso: SsoService, @Inject(SigningKeys) private readonly keys: SigningKeys) {}

  @Handles(API_ROUTES.ssoLogin)
  issue(input: ApiRequest<'ssoLogin'>) {
    return this.sso.issue(requirePrincipal(), input.product, 'sso', input.channel, input.target_uri);
  }

  @Handles(API_ROUTES.ssoProxyLogin)
  proxyIssue(input: ApiRequest<'ssoProxyLogin'>) {
    return this.sso.issue(requirePrincipal(), input.product, 'proxy', input.channel, input.target_uri);
  }

  @Handles(API_ROUTES.ssoFreeProxyLogin)
  freeProxyIssue(input: ApiRequest<'ssoFreeProxyLogin'>) {
    return this.sso.issue(requirePrincipal(), input.product, 'free_proxy', input.channel, input.target_uri);
  }

  @Handles(API_ROUTES.ssoConsume)
  consume(input: ApiRequest<'ssoConsume'>) {
    return this.sso.consume(input.token, input.product);
  }

  @Handles(API_ROUTES.jwks)
  jwks() {
    return this.keys.jwks();
  }
}
