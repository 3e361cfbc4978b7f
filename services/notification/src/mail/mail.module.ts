import { Module } from '@nestjs/common';
import { MailHandler } from './mail.handler.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';

/** Mail: requested through any service's outbox, rendered per language, sent over SMTP once. */
@Module({ providers: [MailHandler, MailService, MailRepository] })
export class MailModule {}
