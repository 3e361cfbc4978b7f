import { Module } from '@nestjs/common';
import { CompanyHandler } from './company.handler.js';
import { CompanyService } from './company.service.js';

@Module({ providers: [CompanyService, CompanyHandler] })
export class CompanyModule {}
