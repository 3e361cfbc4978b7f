import { Module } from '@nestjs/common';
import { BillingInfoModule } from '../billing-info/billing-info.module.js';
import { PaymentModule } from '../payment/payment.module.js';
import { TaxFxModule } from '../tax-fx/tax-fx.module.js';
import { BILLING_CONTACTS } from './billing-contacts.js';
import { BillingContactsAdapter } from './billing-contacts.adapter.js';
import { BillingRunService } from './billing-run.service.js';
import { ChargesService } from './charges.service.js';
import { InvoicePaymentsService } from './invoice-payments.service.js';
import { InvoicesHandler } from './invoices.handler.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Issue 11, slice C2: the monthly billing run and card charging (pg-boss jobs), invoices, their
 * PDF and mails. INVOICES_CONFIG comes from the service's providers (src/index.ts). Uses slice C1's pricing and tax/FX repositories and slice A's gateway and methods.
 */
@Module({
  imports: [TaxFxModule, PaymentModule, BillingInfoModule],
  providers: [
    InvoicesHandler, InvoicesService, InvoicesRepository, BillingRunService, ChargesService, InvoicePaymentsService,
    { provide: BILLING_CONTACTS, useClass: BillingContactsAdapter },
  ],
})
export class InvoicesModule {}
