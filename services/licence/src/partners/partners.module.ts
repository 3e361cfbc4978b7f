import { Module } from '@nestjs/common';
import { ClientsRepository } from '../clients/clients.repository.js';
import { PartnersHandler } from './partners.handler.js';
import { PartnersRepository } from './partners.repository.js';
import { PartnersService } from './partners.service.js';

/** Issue 14, slice B: partners and sub-partners (operator), partner system settings. */
@Module({ providers: [PartnersHandler, PartnersService, PartnersRepository, ClientsRepository], exports: [PartnersRepository] })
export class PartnersModule {}
