import { Module } from '@nestjs/common';
import { BackofficeClientsHandler } from './backoffice-clients.handler.js';
import { ClientBulkService } from './client-bulk.service.js';
import { ClientCreateRepository } from './client-create.repository.js';
import { ClientCreateService } from './client-create.service.js';
import { ClientInfoService } from './client-info.service.js';
import { ClientListService } from './client-list.service.js';
import { ClientStatusService } from './client-status.service.js';
import { ClientsHandler } from './clients.handler.js';
import { ClientsRepository } from './clients.repository.js';

/** Clients: the registration consumer, the client list, and (issue 14, slice A) the back office's clients and the create-client command. */
@Module({
  providers: [
    ClientsHandler, ClientsRepository, ClientListService, ClientStatusService,
    BackofficeClientsHandler, ClientBulkService, ClientInfoService, ClientCreateService, ClientCreateRepository,
  ],
  exports: [ClientCreateService, ClientsRepository],
})
export class ClientsModule {}
