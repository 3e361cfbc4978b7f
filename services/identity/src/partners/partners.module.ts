import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { PartnerSyncHandler } from './partner-sync.handler.js';
import { PartnerTenantRepository } from './partner-tenant.repository.js';

/** Issue 14, slice B: partners' tenants and first accounts, from licence's events. */
@Module({ imports: [InvitationsModule], providers: [PartnerSyncHandler, PartnerTenantRepository] })
export class PartnersModule {}
