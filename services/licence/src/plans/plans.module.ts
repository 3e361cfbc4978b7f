import { Global, Module, forwardRef } from '@nestjs/common';
import { LicencesModule } from '../licences/licences.module.js';
import { BillableModule } from '../billable/billable.module.js';
import { PlanMasterModule } from '../plan-master/plan-master.module.js';
import { ContractsRepository } from './contracts.repository.js';
import { ContractPlanUsage, PlanMasterCatalogue, TermsAgreementRecorder } from './plan-catalogue.adapter.js';
import { PLAN_USAGE } from '../plan-master/plan-usage.js';
import { TermsModule } from '../terms/terms.module.js';
import { BillingPaymentService } from './billing-payment.service.js';
import { PlanApplicationService } from './plan-application.service.js';
import { PlanApplicationsRepository } from './plan-applications.repository.js';
import { AGREEMENT_RECORDER, PLAN_CATALOGUE } from './plan-ports.js';
import { PlanReviewService } from './plan-review.service.js';
import { PlanReviewHandler, PlansHandler } from './plans.handler.js';

/**
 * Slice C of issue 10: contracts, plan application with the corporate-number search, review,
 * timing and terms. Global, so that `ContractsRepository` (slice A's licence check) and
 * `PLAN_USAGE` (slice B's number in use) reach the modules that need them. The corporate-number
 * directory comes from the service's providers (src/index.ts, by config).
 */
@Global()
@Module({
  // Issue 22: the licence check (trials on /plan/list); LicencesModule reads this module's contracts in turn.
  imports: [PlanMasterModule, TermsModule, forwardRef(() => LicencesModule), /* issue 23: month-to-date usage */ BillableModule],
  providers: [
    PlansHandler, PlanReviewHandler, PlanApplicationService, BillingPaymentService, PlanReviewService, ContractsRepository, PlanApplicationsRepository,
    { provide: PLAN_CATALOGUE, useClass: PlanMasterCatalogue },
    { provide: AGREEMENT_RECORDER, useClass: TermsAgreementRecorder },
    { provide: PLAN_USAGE, useClass: ContractPlanUsage },
  ],
  exports: [ContractsRepository, PLAN_USAGE],
})
export class PlansModule {}
