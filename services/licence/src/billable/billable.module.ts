import { Module } from '@nestjs/common';
import { BillableHandler } from './billable.handler.js';
import { BillableRepository } from './billable.repository.js';
import { BillableService } from './billable.service.js';

/** Issue 11, slice C2: the contract items billing bills per month (internal route licence.contracts.billable). */
@Module({ providers: [BillableHandler, BillableService, BillableRepository] })
export class BillableModule {}
