import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { ClientAccountsHandler } from './client-accounts.handler.js';
import { ClientAccountsRepository } from './client-accounts.repository.js';
import { ClientAccountsService } from './client-accounts.service.js';

/** Issue 25, point 5: a client's accounts on its back-office info page, and the operator's actions on them. */
@Module({ imports: [InvitationsModule], providers: [ClientAccountsHandler, ClientAccountsService, ClientAccountsRepository] })
export class ClientAccountsModule {}
