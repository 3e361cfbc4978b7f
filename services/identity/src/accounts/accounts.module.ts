import { Module } from '@nestjs/common';
import { AccountListRepository } from './account-list.repository.js';
import { AccountListService } from './account-list.service.js';
import { AccountsHandler } from './accounts.handler.js';
import { AccountAdminService } from './account-admin.service.js';
import { CsvInviteService } from './csv-invite.service.js';
import { TenantSyncHandler } from './tenant-sync.handler.js';
import { ClientCreateHandler } from './client-create.handler.js';
import { InvitationsModule } from '../invitations/invitations.module.js';

/** The client's management of its people: user list, invitations by screen, ban/resume, delete, reinvite. */
@Module({ imports: [InvitationsModule], providers: [AccountsHandler, AccountListService, AccountListRepository, AccountAdminService, CsvInviteService, TenantSyncHandler, ClientCreateHandler] })
export class AccountsModule {}
