import { Module } from '@nestjs/common';
import { ClientsModule } from '../clients/clients.module.js';
import { PartnersModule } from '../partners/partners.module.js';
import { CLIENT_CREATOR } from './client-creator.port.js';
import { CreateClientCommandAdapter } from './create-client.adapter.js';
import { MigrationHandler } from './migration.handler.js';
import { MigrationRepository } from './migration.repository.js';
import { MigrationService } from './migration.service.js';
import { TermsModule } from '../terms/terms.module.js';

/** Issue 14, slice C: migration of existing clients, partners' client registration, the embedded form. */
@Module({
  imports: [ClientsModule, PartnersModule, TermsModule],
  providers: [MigrationHandler, MigrationService, MigrationRepository, { provide: CLIENT_CREATOR, useClass: CreateClientCommandAdapter }],
})
export class MigrationModule {}
