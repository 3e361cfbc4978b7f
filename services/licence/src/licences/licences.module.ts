import { Module } from '@nestjs/common';
import { CatalogueService } from './catalogue.service.js';
import { ClientLicencesHandler } from './client-licences.handler.js';
import { ClientLicencesService } from './client-licences.service.js';
import { ClientsModule } from '../clients/clients.module.js';
import { DomainsService } from './domains.service.js';
import { LicenceCheckService } from './licence-check.service.js';
import { LicencesHandler } from './licences.handler.js';
import { LicencesRepository } from './licences.repository.js';
import { ServicesService } from './services.service.js';
import { TrialMailsJob } from './trial-mails.job.js';
import { LICENCE_CONFIG, type TLicenceConfig } from '../licence.config.js';
import { ContractsRepository } from '../plans/contracts.repository.js';
import { AgreementsRepository } from '../terms/terms.repository.js';
import { TermsModule } from '../terms/terms.module.js';
import { TermsService } from '../terms/terms.service.js';
import type { TLanguage } from '@portal/proto';
import {
  DOMAIN_RESOLVER, PAID_PRODUCTS, TERMS_AGREEMENTS, dnsDomainResolver, sandboxDomainResolver, type PaidProducts, type TermsAgreements,
} from './ports.js';

/**
 * Issue 10, slice A: catalogue, services list, trials, licences, the licence check and product
 * link with domains. Paid products come from slice C's contracts (`ContractsRepository`, from the
 * global PlansModule); the agreement to the terms at a free start is recorded by slice B's
 * `AgreementsRepository` with the current versions.
 */
@Module({
  imports: [TermsModule, ClientsModule],
  providers: [
    /* issue 25 */ ClientLicencesHandler, ClientLicencesService,
    LicencesHandler, ServicesService, CatalogueService, DomainsService, LicenceCheckService, LicencesRepository, TrialMailsJob,
    { provide: PAID_PRODUCTS, inject: [ContractsRepository], useFactory: (contracts: ContractsRepository): PaidProducts => contracts },
    {
      provide: TERMS_AGREEMENTS,
      inject: [TermsService, AgreementsRepository],
      useFactory: (terms: TermsService, agreements: AgreementsRepository): TermsAgreements => ({
        check: (principal, given) => terms.requireAgreed(principal, given),
        async record(tx, a) {
          const versions = await terms.versionsFor(a.language as TLanguage, a.region);
          await agreements.record(tx, { clientUuid: a.clientUuid, accountUuid: a.accountUuid, occasion: 'free_start', kinds: ['terms', 'privacy'], versions });
        },
      }),
    },
    {
      provide: DOMAIN_RESOLVER,
      inject: [LICENCE_CONFIG],
      useFactory: (config: TLicenceConfig) =>
        (config.LICENCE_DOMAIN_RESOLVER ?? (config.NODE_ENV === 'test' ? 'sandbox' : 'dns')) === 'sandbox' ? sandboxDomainResolver : dnsDomainResolver,
    },
  ],
  exports: [LicenceCheckService, LicencesRepository],
})
export class LicencesModule {}
