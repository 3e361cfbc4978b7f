import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { BillingInfoModule } from './billing-info/billing-info.module.js';
// Issue 11, slice C1: tax rates, FX and pricing.
import { TaxFxModule } from './tax-fx/tax-fx.module.js';
// Issue 11, slice A: payment methods and the payment gateway (sandbox or GMO-PG, by config).
import { PaymentModule } from './payment/payment.module.js';
import { paymentGatewayProviders } from './payment/gateway/gateway.config.js';
// Issue 11, slice B
import { PaymentRequestsModule } from './payment-requests/payment-requests.module.js';
// Issue 11, slice C2: the monthly billing run, invoices, card charging.
import { loadConfig } from '@portal/service-common/config';
import { InvoicesModule } from './invoices/invoices.module.js';
import { INVOICES_CONFIG, ZInvoicesConfig } from './invoices/invoices.config.js';
// Issue 23 item 7: the daily mail of cards about to expire.
import { CardExpiryModule } from './card-expiry/card-expiry.module.js';
import { CARD_EXPIRY_CONFIG, ZCardExpiryConfig } from './card-expiry/card-expiry.config.js';

/** billing: billing info, payment methods, payment-gateway adapters, invoices, tax rates, FX rates (DESIGN §1). */
export const billingService: ServiceDefinition<PrismaClient> = {
  name: 'billing',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Feature modules arrive with their issues; each is src/<feature>/<feature>.module.ts.
  features: [
    BillingInfoModule,
    /* slice C1 */ TaxFxModule,
    /* slice A */ PaymentModule,
    /* slice B */ PaymentRequestsModule,
    /* slice C2 */ InvoicesModule,
    /* issue 23 */ CardExpiryModule,
  ],
  // Issue 11, slice A: PAYMENT_GATEWAY; slice C2: the invoices' config.
  providers: (env) => [...paymentGatewayProviders(env), { provide: INVOICES_CONFIG, useValue: loadConfig(ZInvoicesConfig, env) },
    { provide: CARD_EXPIRY_CONFIG, useValue: loadConfig(ZCardExpiryConfig, env) }],
  prismaClient: PrismaClient,
};
