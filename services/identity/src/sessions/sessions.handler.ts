import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { requirePrincipal as principal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SessionAdminService } from './session-admin.service.js';

@Injectable()
export class SessionsHandler {
  constructor(@Inject(SessionAdminService) private readonly admin: SessionAdminService) {}

  @Handles(API_ROUTES.sessionList)
  list() {
    return this.admin.listOwn(principal());
  }

  @Handles(API_ROUTES.sessionEnd)
  async end(input: ApiRequest<'sessionEnd'>) {
    await this.admin.endOwn(principal(), input.session_id);
    return {};
  }

  @Handles(API_ROUTES.supportSessionList)
  listSupport() {
    return this.admin.listSupport(principal());
  }

  @Handles(API_ROUTES.supportSessionEnd)
  async endSupport(input: ApiRequest<'supportSessionEnd'>) {
    await this.admin.endSupport(principal(), input.session_id);
    return {};
  }
}
