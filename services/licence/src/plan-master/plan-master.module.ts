import { Module } from '@nestjs/common';
import { PlansRepository } from './plans.repository.js';

/**
 * Plan master (slice B of issue 10): plans, options and initial costs, their links, and the
 * operator screens' calls. `PlansRepository` is exported for the contracts slice.
 */
@Module({ providers: [PlansRepository], exports: [PlansRepository] })
export class PlanMasterModule {}
