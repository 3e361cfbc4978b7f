import { Module } from '@nestjs/common';
import { NoticesHandler } from './notices.handler.js';
import { NoticesRepository } from './notices.repository.js';
import { NoticesService } from './notices.service.js';

/** Issue 12, slice B: notices. */
@Module({ providers: [NoticesHandler, NoticesService, NoticesRepository] })
export class NoticesModule {}
