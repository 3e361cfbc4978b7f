import { Global, Module } from '@nestjs/common';
import { PlanMasterModule } from '../plan-master/plan-master.module.js';
import { CORPORATE_NUMBER_DIRECTORY } from '../corporate-number/corporate-number.port.js';
import { corporateNumberDirectory } from '../corporate-number/corporate-number.config.js';
import { ContractsRepository } from './contracts.repository.js';
import { ContractPlanUsage, PlanMasterCatalogue, TermsAgreementRecorder } from './plan-catalogue.adapter.js';
import { PLAN_USAGE } from '../plan-master/plan-usage.js';
import { TermsModule } from '../terms/terms.module.js';
import { PlanApplicationService } from './plan-application.service.js';
import { PlanApplicationsRepository } from './plan-applications.repository.js';
import { AGREEMENT_RECORDER, PLAN_CATALOGUE } from './plan-ports.js';
import { PlanReviewService } from './plan-review.service.js';
import { PlanReviewHandler, PlansHandler } from './plans.handler.js';

/**
 * Slice C of issue 10: contracts, plan application with the corporate-number search, review,
 * timing and terms. Global, so that `ContractsRepository` (slice A's licence check) and
 * `PLAN_USAGE` (slice B's number in use) reach the modules that need them.
 */
@Global()
@Module({
  imports: [PlanMasterModule, TermsModule],
  providers: [
    PlansHandler, PlanReviewHandler, PlanApplicationService, PlanReviewService, ContractsRepository, PlanApplicationsRepository,
    { provide: PLAN_CATALOGUE, useClass: PlanMasterCatalogue },
    { provide: AGREEMENT_RECORDER, useClass: TermsAgreementRecorder },
    { provide: PLAN_USAGE, useClass: ContractPlanUsage },
    // The directory adapter by config (CORPORATE_NUMBER_DIRECTORY; sandbox by default).
    { provide: CORPORATE_NUMBER_DIRECTORY, useFactory: () => corporateNumberDirectory(process.env) },
  ],
  exports: [ContractsRepository, PLAN_USAGE],
})
export class PlansModule {}
