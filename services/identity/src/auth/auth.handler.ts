import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, INTERNAL_ROUTES, type ApiRequest, type InternalRequest } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { Handles } from '@portal/service-common/service-host';
import { SessionService } from '../sessions/session.service.js';
import { AuthInfoService } from './auth-info.service.js';
import { LoginService } from './login.service.js';

@Injectable()
export class AuthHandler {
  constructor(
    @Inject(LoginService) private readonly loginService: LoginService,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AuthInfoService) private readonly authInfo: AuthInfoService,
  ) {}

  @Handles(API_ROUTES.login)
  login(input: ApiRequest<'login'>) {
    return this.loginService.login(input);
  }

  /** f9-ident: a login verified on another region's host lands here, on the account's home host. */
  @Handles(API_ROUTES.loginHandoff)
  handoff(input: ApiRequest<'loginHandoff'>) {
    return this.loginService.completeHandoff(input.access_token);
  }

  @Handles(API_ROUTES.logout)
  logout() {
    return this.sessions.logout(requireContext());
  }

  @Handles(API_ROUTES.userAuth)
  info() {
    return this.authInfo.forPrincipal(requireContext().principal);
  }

  /** The gateway's question on each request with a session cookie. */
  @Handles(INTERNAL_ROUTES.sessionResolve)
  resolve(input: InternalRequest<'sessionResolve'>) {
    return this.sessions.resolveForGateway(input.token);
  }
}
