import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZSsoConsume, ZSsoRequest, type TProductId } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SigningKeys } from './signing-keys.js';
import { SsoService } from './sso.service.js';

type SsoInput = { product: TProductId; channel?: string; target_uri?: string };

@Injectable()
export class SsoHandler {
  constructor(@Inject(SsoService) private readonly sso: SsoService, @Inject(SigningKeys) private readonly keys: SigningKeys) {}

  @Handles(Subjects.identity.ssoIssue, ZSsoRequest)
  issue(input: SsoInput) {
    return this.sso.issue(requirePrincipal(), input.product, 'sso', input.channel, input.target_uri);
  }

  @Handles(Subjects.identity.ssoProxyIssue, ZSsoRequest)
  proxyIssue(input: SsoInput) {
    return this.sso.issue(requirePrincipal(), input.product, 'proxy', input.channel, input.target_uri);
  }

  @Handles(Subjects.identity.ssoFreeProxyIssue, ZSsoRequest)
  freeProxyIssue(input: SsoInput) {
    return this.sso.issue(requirePrincipal(), input.product, 'free_proxy', input.channel, input.target_uri);
  }

  @Handles(Subjects.identity.ssoConsume, ZSsoConsume)
  consume(input: { token: string; product: TProductId }) {
    return this.sso.consume(input.token, input.product);
  }

  @Handles(Subjects.identity.jwks)
  jwks() {
    return this.keys.jwks();
  }
}
