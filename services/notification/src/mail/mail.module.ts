import { Module } from '@nestjs/common';
import { MailHandler } from './mail.handler.js';
import { MailRepository } from './mail.repository.js';
import { MailService } from './mail.service.js';
import { MailTemplatesHandler } from './mail-templates.handler.js';
import { MailTemplatesRepository } from './mail-templates.repository.js';
import { MailTemplatesService } from './mail-templates.service.js';

/** Mail: requested through any service's outbox, rendered from its editable template, queued and sent over SMTP once. */
@Module({ providers: [MailHandler, MailService, MailRepository, MailTemplatesHandler, MailTemplatesService, MailTemplatesRepository] })
export class MailModule {}
