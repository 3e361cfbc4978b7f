import { Module } from '@nestjs/common';
import { BillableHandler } from './billable.handler.js';
import { BillableRepository } from './billable.repository.js';
import { BillableService } from './billable.service.js';
import { ItemMeters } from './item-meters.js';
import { MeteredPreview } from './metered-preview.js';
import { PlanMasterModule } from '../plan-master/plan-master.module.js';

/** Issue 11, slice C2: the contract items billing bills per month (internal route licence.contracts.billable). */
@Module({ imports: [PlanMasterModule], providers: [BillableHandler, BillableService, BillableRepository, ItemMeters, MeteredPreview], exports: [MeteredPreview] })
export class BillableModule {}
