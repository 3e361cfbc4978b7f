import { Module } from '@nestjs/common';
import { ClientStandingHandler } from './client-standing.handler.js';
import { ClientStandingRepository } from './client-standing.repository.js';

/** Issue 12, slice B: clients' paid standing for notification (notice targets, inquiry routing). */
@Module({ providers: [ClientStandingHandler, ClientStandingRepository] })
export class ClientStandingModule {}
