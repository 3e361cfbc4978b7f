import { Module } from '@nestjs/common';
import { TermsHandler } from './terms.handler.js';
import { AgreementsRepository, TermsRepository, TermsUrlsRepository } from './terms.repository.js';
import { TermsService } from './terms.service.js';

/**
 * Terms of use, terms-and-conditions URLs and agreements (slice B of issue 10). Exported for the
 * free start (slice A) and the plan application (slice C): `TermsService.versionsFor(language)`
 * then `AgreementsRepository.record(tx, …)` in their unit of work.
 */
@Module({
  providers: [TermsRepository, TermsUrlsRepository, AgreementsRepository, TermsService, TermsHandler],
  exports: [AgreementsRepository, TermsService],
})
export class TermsModule {}
