import { Module } from '@nestjs/common';
import { InvitationService } from './invitation.service.js';
import { InvitationsHandler } from './invitations.handler.js';
import { InvitationExpiryJob } from './invitation-expiry.job.js';

@Module({ providers: [InvitationsHandler, InvitationService, InvitationExpiryJob], exports: [InvitationService] })
export class InvitationsModule {}
