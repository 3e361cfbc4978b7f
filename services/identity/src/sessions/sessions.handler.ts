import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZSessionEnd } from '@portal/proto';
import { requirePrincipal as principal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { SessionAdminService } from './session-admin.service.js';

@Injectable()
export class SessionsHandler {
  constructor(@Inject(SessionAdminService) private readonly admin: SessionAdminService) {}

  @Handles(Subjects.identity.sessionList)
  list() {
    return this.admin.listOwn(principal());
  }

  @Handles(Subjects.identity.sessionEnd, ZSessionEnd)
  async end(input: { session_id: string }) {
    await this.admin.endOwn(principal(), input.session_id);
    return {};
  }

  @Handles(Subjects.identity.supportSessionList)
  listSupport() {
    return this.admin.listSupport(principal());
  }

  @Handles(Subjects.identity.supportSessionEnd, ZSessionEnd)
  async endSupport(input: { session_id: string }) {
    await this.admin.endSupport(principal(), input.session_id);
    return {};
  }
}
