import { Module } from '@nestjs/common';
import { BillingInfoHandler } from './billing-info.handler.js';

@Module({ providers: [BillingInfoHandler] })
export class BillingInfoModule {}
