import { Module } from '@nestjs/common';
import { PaymentHandler } from './payment.handler.js';
import { PaymentMethodsRepository } from './payment-methods.repository.js';
import { PaymentService } from './payment.service.js';
import { ClientBillingHandler } from './client-billing.handler.js';
import { PaymentStandingService } from './payment-standing.service.js';
import { BillingInfoRepository } from '../billing-info/billing-info.repository.js';

/**
 * Payment methods (issue 11, slice A). The PaymentGateway (PAYMENT_GATEWAY) is a process-wide
 * provider (index.ts, gateway.config.ts); other feature modules import this one for the repository.
 */
@Module({
  providers: [PaymentHandler, PaymentService, PaymentMethodsRepository, ClientBillingHandler, BillingInfoRepository, PaymentStandingService],
  exports: [PaymentMethodsRepository],
})
export class PaymentModule {}
