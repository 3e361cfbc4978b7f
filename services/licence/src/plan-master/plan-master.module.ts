import { Module } from '@nestjs/common';
import { PlanMasterHandler } from './plan-master.handler.js';
import { PlanMasterService } from './plan-master.service.js';
import { PlansRepository } from './plans.repository.js';

/**
 * Plan master (slice B of issue 10): plans, options and initial costs, their links, and the
 * operator screens' calls. `PlansRepository` is exported for the contracts slice; the number in
 * use comes from `PLAN_USAGE` (plan-usage.ts) when a global module provides it.
 */
@Module({ providers: [PlansRepository, PlanMasterService, PlanMasterHandler], exports: [PlansRepository, PlanMasterService] })
export class PlanMasterModule {}
