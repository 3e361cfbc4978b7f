import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, type ApiRequest } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { InvitationService } from './invitation.service.js';

@Injectable()
export class InvitationsHandler {
  constructor(@Inject(InvitationService) private readonly invitations: InvitationService) {}

  @Handles(API_ROUTES.inviteCheck)
  check(input: ApiRequest<'inviteCheck'>) {
    return this.invitations.check(input.access_token);
  }

  @Handles(API_ROUTES.inviteAccept)
  accept(input: ApiRequest<'inviteAccept'>) {
    return this.invitations.accept(input.access_token, input.password);
  }
}
