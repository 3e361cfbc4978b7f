import { Module } from '@nestjs/common';
import { InquiriesHandler } from './inquiries.handler.js';
import { InquiriesRepository } from './inquiries.repository.js';
import { InquiriesService } from './inquiries.service.js';
// Issue 14, slice B: the operator's view of a partner's receivers, and a new partner's first one.
import { PartnerReceiversHandler } from './partner-receivers.handler.js';

/** Issue 12, slice B: inquiries and partners' inquiry receivers. */
@Module({ providers: [InquiriesHandler, InquiriesService, InquiriesRepository, PartnerReceiversHandler] })
export class InquiriesModule {}
