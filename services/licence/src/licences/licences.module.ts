import { Module } from '@nestjs/common';
import { CatalogueService } from './catalogue.service.js';
import { DomainsService } from './domains.service.js';
import { LicenceCheckService } from './licence-check.service.js';
import { LicencesHandler } from './licences.handler.js';
import { LicencesRepository } from './licences.repository.js';
import { ServicesService } from './services.service.js';
import { TrialMailsJob } from './trial-mails.job.js';
import { LICENCE_CONFIG, type TLicenceConfig } from '../licence.config.js';
import {
  DOMAIN_RESOLVER, PAID_PRODUCTS, TERMS_AGREEMENTS, agreementsNotYetStored, dnsDomainResolver, noPaidProducts, sandboxDomainResolver,
} from './ports.js';

/**
 * Issue 10, slice A: catalogue, services list, trials, licences, the licence check and product
 * link with domains. PAID_PRODUCTS (slice C) and TERMS_AGREEMENTS (slice B) are the defaults of
 * ports.ts until those slices are merged.
 */
@Module({
  providers: [
    LicencesHandler, ServicesService, CatalogueService, DomainsService, LicenceCheckService, LicencesRepository, TrialMailsJob,
    { provide: PAID_PRODUCTS, useValue: noPaidProducts },
    { provide: TERMS_AGREEMENTS, useValue: agreementsNotYetStored },
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
