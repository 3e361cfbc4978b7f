import { Module } from '@nestjs/common';
import { InvitationService } from './invitation.service.js';
import { InvitationsHandler } from './invitations.handler.js';

@Module({ providers: [InvitationsHandler, InvitationService], exports: [InvitationService] })
export class InvitationsModule {}
