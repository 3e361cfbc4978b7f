import { Module } from '@nestjs/common';
import { BillingInfoHandler } from './billing-info.handler.js';
import { BillingInfoRepository } from './billing-info.repository.js';
import { BillingInfoService } from './billing-info.service.js';

@Module({ providers: [BillingInfoHandler, BillingInfoService, BillingInfoRepository], exports: [BillingInfoRepository] })
export class BillingInfoModule {}
