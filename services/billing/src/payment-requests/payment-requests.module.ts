import { Module } from '@nestjs/common';
import { PaymentRequestsHandler } from './payment-requests.handler.js';
import { PaymentRequestsRepository } from './payment-requests.repository.js';
import { PaymentRequestsService } from './payment-requests.service.js';

/**
 * Issue 11, slice B: bank-transfer and direct-debit requests, operator confirmation and
 * registration, CSV import and download (`payment_requests`). A confirmed method is handed to
 * `PAYMENT_METHOD_REGISTRAR` (slice A's payment methods) when a module provides it.
 */
@Module({ providers: [PaymentRequestsRepository, PaymentRequestsService, PaymentRequestsHandler] })
export class PaymentRequestsModule {}
