import { Module } from '@nestjs/common';
import { PaymentModule } from '../payment/payment.module.js';
import { PaymentRequestsHandler } from './payment-requests.handler.js';
import { PaymentRequestsRepository } from './payment-requests.repository.js';
import { PaymentRequestsService } from './payment-requests.service.js';

/**
 * Issue 11, slice B: bank-transfer and direct-debit requests, operator confirmation and
 * registration, CSV import and download (`payment_requests`). A registered method becomes the
 * client's through slice A's `PaymentMethodsRepository.register` (docs/design/billing.md).
 */
@Module({ imports: [PaymentModule], providers: [PaymentRequestsRepository, PaymentRequestsService, PaymentRequestsHandler] })
export class PaymentRequestsModule {}
