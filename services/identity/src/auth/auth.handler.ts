import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZLoginRequest, type TLoginRequest } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { Handles } from '@portal/service-common/service-host';
import { z } from 'zod';
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
  async logout() {
    const ctx = requireContext();
    await this.sessions.endByToken(ctx.sessionToken, ctx.principal);
    return {};
  }

  @Handles(Subjects.identity.authInfo)
  info() {
    return this.authInfo.forPrincipal(requireContext().principal);
  }

  /** The gateway's question on each request with a session cookie. */
  @Handles(Subjects.identity.sessionResolve, z.object({ token: z.string().max(200) }))
  async resolve(input: { token: string }) {
    return { principal: await this.sessions.resolve(input.token) };
  }
}
