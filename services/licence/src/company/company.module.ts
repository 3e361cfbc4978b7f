import { Module } from '@nestjs/common';
import { CompanyHandler } from './company.handler.js';
import { CompanyRepository } from './company.repository.js';
import { CompanyService } from './company.service.js';

@Module({ providers: [CompanyService, CompanyHandler, CompanyRepository] })
export class CompanyModule {}
