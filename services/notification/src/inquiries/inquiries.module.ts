import { Module } from '@nestjs/common';
import { InquiriesHandler } from './inquiries.handler.js';
import { InquiriesRepository } from './inquiries.repository.js';
import { InquiriesService } from './inquiries.service.js';

/** Issue 12, slice B: inquiries and partners' inquiry receivers. */
@Module({ providers: [InquiriesHandler, InquiriesService, InquiriesRepository] })
export class InquiriesModule {}
