import { Module } from '@nestjs/common';
import { ClientListRepository } from './client-list.repository.js';
import { ClientListService } from './client-list.service.js';
import { ClientsHandler } from './clients.handler.js';

@Module({ providers: [ClientsHandler, ClientListService, ClientListRepository] })
export class ClientsModule {}
