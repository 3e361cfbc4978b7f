import { Module } from '@nestjs/common';
import { ClientsHandler } from './clients.handler.js';

@Module({ providers: [ClientsHandler] })
export class ClientsModule {}
