import { Inject, Injectable } from '@nestjs/common';
import { Subjects, ZInviteAccept, ZInviteCheck } from '@portal/proto';
import { Handles } from '@portal/service-common/service-host';
import { InvitationService } from './invitation.service.js';

@Injectable()
export class InvitationsHandler {
  constructor(@Inject(InvitationService) private readonly invitations: InvitationService) {}

  @Handles(Subjects.identity.inviteCheck, ZInviteCheck)
  check(input: { access_token: string }) {
    return this.invitations.check(input.access_token);
  }

  @Handles(Subjects.identity.inviteAccept, ZInviteAccept)
  accept(input: { access_token: string; password: string }) {
    return this.invitations.accept(input.access_token, input.password);
  }
}
