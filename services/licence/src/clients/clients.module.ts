import { Module } from '@nestjs/common';
import { ClientsHandler } from './clients.handler.js';
import { ClientsRepository } from './clients.repository.js';

@Module({ providers: [ClientsHandler, ClientsRepository] })
export class ClientsModule {}
