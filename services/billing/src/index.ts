import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { BillingInfoModule } from './billing-info/billing-info.module.js';
// Issue 11, slice C1: tax rates, FX and pricing.
import { TaxFxModule } from './tax-fx/tax-fx.module.js';

/** billing: billing info, payment methods, payment-gateway adapters, invoices, tax rates, FX rates (DESIGN §1). */
export const billingService: ServiceDefinition<PrismaClient> = {
  name: 'billing',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Feature modules arrive with their issues; each is src/<feature>/<feature>.module.ts.
  features: [
    BillingInfoModule,
    // Issue 11, slice C1
    TaxFxModule,
  ],
  prismaClient: PrismaClient,
};
