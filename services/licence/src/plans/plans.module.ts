import { Module } from '@nestjs/common';
import { PlanMasterModule } from '../plan-master/plan-master.module.js';
import { CORPORATE_NUMBER_DIRECTORY } from '../corporate-number/corporate-number.port.js';
import { corporateNumberDirectory } from '../corporate-number/corporate-number.config.js';
import { ContractsRepository } from './contracts.repository.js';
import { PendingAgreementRecorder, PlanMasterCatalogue } from './plan-catalogue.adapter.js';
import { PlanApplicationService } from './plan-application.service.js';
import { PlanApplicationsRepository } from './plan-applications.repository.js';
import { AGREEMENT_RECORDER, PLAN_CATALOGUE } from './plan-ports.js';
import { PlanReviewService } from './plan-review.service.js';
import { PlanReviewHandler, PlansHandler } from './plans.handler.js';

/**
 * Slice C of issue 10: contracts, plan application with the corporate-number search, review,
 * timing and terms. `ContractsRepository` is exported for slice A's licence check.
 */
@Module({
  imports: [PlanMasterModule],
  providers: [
    PlansHandler, PlanReviewHandler, PlanApplicationService, PlanReviewService, ContractsRepository, PlanApplicationsRepository,
    { provide: PLAN_CATALOGUE, useClass: PlanMasterCatalogue },
    { provide: AGREEMENT_RECORDER, useClass: PendingAgreementRecorder },
    // The directory adapter by config (CORPORATE_NUMBER_DIRECTORY; sandbox by default).
    { provide: CORPORATE_NUMBER_DIRECTORY, useFactory: () => corporateNumberDirectory(process.env) },
  ],
  exports: [ContractsRepository],
})
export class PlansModule {}
