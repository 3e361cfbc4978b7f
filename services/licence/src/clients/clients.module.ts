import { Module } from '@nestjs/common';
import { ClientListRepository } from './client-list.repository.js';
import { ClientListService } from './client-list.service.js';
import { ClientsHandler } from './clients.handler.js';
import { ClientsRepository } from './clients.repository.js';

@Module({ providers: [ClientsHandler, ClientsRepository, ClientListService, ClientListRepository] })
export class ClientsModule {}
