import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZLoginRequest, ZSessionResolve, type TLoginRequest, type TSessionResolve } from '@portal/proto';
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

  @Handles(Subjects.identity.login, ZLoginRequest)
  login(input: TLoginRequest) {
    return this.loginService.login(input);
  }

  @Handles(Subjects.identity.logout)
  logout() {
    return this.sessions.logout(requireContext());
  }

  @Handles(Subjects.identity.authInfo)
  info() {
    return this.authInfo.forPrincipal(requireContext().principal);
  }

  /** The gateway's question on each request with a session cookie. */
  @Handles(Subjects.identity.sessionResolve, ZSessionResolve)
  resolve(input: TSessionResolve) {
    return this.sessions.resolveForGateway(input.token);
  }
}
