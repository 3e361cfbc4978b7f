import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@portal/service-common/service-module';
import { PrismaClient } from './generated/prisma/client.js';
import { ClientsModule } from './clients/clients.module.js';
import { PlansModule } from './plans/plans.module.js';
import { CompanyModule } from './company/company.module.js';
import { ProductsModule } from './products/products.module.js';
import { LicencesModule } from './licences/licences.module.js';
// Issue 11, slice C2: the billable contract items for billing's monthly run.
import { BillableModule } from './billable/billable.module.js';
import { LICENCE_CONFIG, ZLicenceConfig } from './licence.config.js';
import { loadConfig } from '@portal/service-common/config';
// Slice B (issue 10): plan master, terms, agreements.
import { PlanMasterModule } from './plan-master/plan-master.module.js';
import { TermsModule } from './terms/terms.module.js';
// Slice C (issue 10): the corporate-number directory adapter, by config.
import { corporateNumberProviders } from './corporate-number/corporate-number.config.js';
// Issue 12, slice B: clients' paid standing for notices and inquiries.
import { ClientStandingModule } from './client-standing/client-standing.module.js';
// Issue 14, slice B: partners and sub-partners.
import { PartnersModule } from './partners/partners.module.js';
// Issue 14, slice C: migration, client registration, embedded form (PRODUCT_CONNECTION, CLIENT_CREATOR).
import { MigrationModule } from './migration/migration.module.js';
import { migrationProviders } from './migration/migration.config.js';

/** licence: clients, partners, products, plan master, contracts, applications and review, trials, product links (DESIGN §1). */
export const licenceService: ServiceDefinition<PrismaClient> = {
  name: 'licence',
  migrationsDir: fileURLToPath(new URL('../prisma/migrations', import.meta.url)),
  // Feature modules arrive with their issues; each is src/<feature>/<feature>.module.ts.
  features: [ClientsModule, CompanyModule, PlansModule, ProductsModule, LicencesModule, PlanMasterModule, TermsModule, /* issue 12, slice B */ ClientStandingModule, /* issue 11, slice C2 */ BillableModule, /* issue 14, slice B */ PartnersModule, /* issue 14, slice C */ MigrationModule],
  // Slice C (issue 10): CORPORATE_NUMBER_DIRECTORY (sandbox or the NTA Web-API).
  providers: (env) => [{ provide: LICENCE_CONFIG, useValue: loadConfig(ZLicenceConfig, env) }, ...corporateNumberProviders(env), /* issue 14, slice C */ ...migrationProviders(env)],
  prismaClient: PrismaClient,
};
