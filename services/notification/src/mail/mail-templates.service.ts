import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  API_ROUTES, MAIL_CATALOGUE, MAIL_LOG_PAGE_SIZE, MAIL_PARTS, REGION_PROFILES, REGIONS,
  type ApiReply, type ApiRequest, type TLanguage, type TPrincipal,
} from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { operationEvent, recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Tx } from '../db.js';
import { createLogger } from '@portal/service-common/logger';
import { randomUUID } from 'node:crypto';
import { MailRepository } from './mail.repository.js';
import { MailTemplatesRepository, type StoredTemplate } from './mail-templates.repository.js';
import { chooseVersion, MailService } from './mail.service.js';
import { codesOf, renderTemplate, sampleParams, targetOf, unknownCodeErrors } from './templates.js';

const log = createLogger('MailTemplates');
type Reply<N extends keyof typeof API_ROUTES> = ApiReply<N>;

/** The operator's system mail screens (issue 12, slice A): templates, common parts, preview, test send, the mail log. */
@Injectable()
export class MailTemplatesService implements OnModuleInit {
  constructor(
    @Inject(MailTemplatesRepository) private readonly templates: MailTemplatesRepository,
    @Inject(MailRepository) private readonly mails: MailRepository,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /**
   * The stored templates follow the code at every start (a mail added to MAIL_TEMPLATES with its
   * locale texts appears; operators' edits stay). A failure is logged, not fatal: mails then use
   * the texts in code until the next start.
   */
  async onModuleInit(): Promise<void> {
    try {
      await this.templates.sync();
    } catch (err) {
      log.error({ err }, 'mail templates could not be synced');
    }
  }

  private summary(t: StoredTemplate, principal: TPrincipal): Reply<'mailTemplateList'>['templates'][number] {
    const chosen = chooseVersion(t, t.name, principal.language, REGION_PROFILES[principal.region].defaultLanguage);
    return {
      template: t.name, target: targetOf(t.name), described: t.name in MAIL_CATALOGUE, subject: chosen?.text.subject ?? '',
      edited: Object.entries(t.versions).filter(([, v]) => v?.edited).map(([l]) => l as TLanguage),
      updated_at: t.updatedAt?.toISOString() ?? null,
    };
  }

  async list(principal: TPrincipal): Promise<Reply<'mailTemplateList'>> {
    return { templates: (await this.templates.list()).map((t) => this.summary(t, principal)) };
  }

  private async required(name: string): Promise<StoredTemplate> {
    const t = await this.templates.get(name);
    if (!t) throw ServiceError.form({ template: [{ key: 'mail_template.not_found' }] });
    return t;
  }

  async get(principal: TPrincipal, name: string): Promise<Reply<'mailTemplateGet'>> {
    const t = await this.required(name);
    return {
      template: {
        ...this.summary(t, principal),
        sender_address: t.senderAddress, sender_name: t.senderName, to: t.toAddresses, bcc: t.bcc,
        codes: codesOf(t.name), parts: [...MAIL_PARTS], versions: t.versions,
      },
    };
  }

  async update(principal: TPrincipal, input: ApiRequest<'mailTemplateUpdate'>): Promise<Reply<'mailTemplateGet'>> {
    await this.required(input.template);
    const texts = Object.fromEntries(Object.entries(input.versions).flatMap(([language, v]) => [[`versions.${language}.subject`, v!.subject], [`versions.${language}.body`, v!.body]]));
    const errors = unknownCodeErrors(input.template, texts);
    if (Object.keys(errors).length) throw ServiceError.form(errors);
    await this.templates.update(input.template, {
      senderAddress: input.sender_address, senderName: input.sender_name, toAddresses: normaliseList(input.to), bcc: normaliseList(input.bcc),
      versions: input.versions as Partial<Record<TLanguage, { subject: string; body: string; disabled: boolean }>>,
    }, operationEvent({ shard: 'global', clientUuid: null, accountUuid: null, operation: 'mail_template_updated', detail: { title: input.template }, target: { type: 'mail_template', id: input.template } }));
    return this.get(principal, input.template);
  }

  private async renderDraft(principal: TPrincipal, draft: ApiRequest<'mailTemplatePreview'>) {
    await this.required(draft.template);
    const errors = unknownCodeErrors(draft.template, { subject: draft.subject, body: draft.body });
    if (Object.keys(errors).length) throw ServiceError.form(errors);
    const parts = await this.templates.partsIn(draft.language, REGION_PROFILES[principal.region].defaultLanguage);
    const params = sampleParams(draft.template);
    return renderTemplate(draft.language, { subject: draft.subject, body: draft.body }, parts, params, params.recipient);
  }

  async preview(principal: TPrincipal, draft: ApiRequest<'mailTemplatePreview'>): Promise<Reply<'mailTemplatePreview'>> {
    return this.renderDraft(principal, draft);
  }

  /** A test send goes through the same queue as every mail, in the operator's region (it appears in the mail log). */
  async testSend(principal: TPrincipal, input: ApiRequest<'mailTemplateTestSend'>): Promise<Reply<'mailTemplateTestSend'>> {
    const rendered = await this.renderDraft(principal, input);
    const t = await this.required(input.template);
    await this.mail.queue(principal.region, {
      msgId: `test-${randomUUID()}`, toAddress: input.to, subject: rendered.subject, template: input.template, language: input.language,
      senderAddress: t.senderAddress, senderName: t.senderName, extraTo: '', bcc: '', textBody: rendered.text, htmlBody: rendered.html,
    });
    await this.uow.run('global', (tx) => recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'mail_test_sent', detail: { title: input.template, email: input.to }, target: { type: 'mail_template', id: input.template } }));
    return { queued: true };
  }

  async parts(): Promise<Reply<'mailPartList'>> {
    return { parts: await this.templates.parts() };
  }

  async updatePart(input: ApiRequest<'mailPartUpdate'>): Promise<Reply<'mailPartList'>> {
    // A part may greet by the addressee's name and nothing else: it is shared by every template.
    const errors = unknownCodeErrors('__part__', { text: input.text });
    if (Object.keys(errors).length) throw ServiceError.form(errors);
    await this.templates.updatePart(input.part, input.language, input.text,
      operationEvent({ shard: 'global', clientUuid: null, accountUuid: null, operation: 'mail_part_updated', detail: { title: input.part, language: input.language }, target: { type: 'mail_template', id: input.part } }));
    return this.parts();
  }

  /** The log of every region, newest first, a page at a time. */
  async log(query: ApiRequest<'mailLogList'>): Promise<Reply<'mailLogList'>> {
    const upTo = query.page * MAIL_LOG_PAGE_SIZE + 1;
    const rows = (await Promise.all(REGIONS.map((r) => this.mails.search(r, { recipient: query.recipient || undefined, status: query.status, limit: upTo }))))
      .flat().sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const page = rows.slice((query.page - 1) * MAIL_LOG_PAGE_SIZE, query.page * MAIL_LOG_PAGE_SIZE);
    return {
      mails: page.map((r) => ({
        id: r.id, to: r.toAddress, subject: r.subject, template: r.template, language: r.language as TLanguage,
        status: r.status === 'sending' ? 'queued' : (r.status as 'queued' | 'sent' | 'failed' | 'bounced'), attempts: r.attempts, error: r.lastError,
        created_at: r.createdAt.toISOString(), sent_at: r.sentAt?.toISOString() ?? null,
      })),
      has_more: rows.length > query.page * MAIL_LOG_PAGE_SIZE,
    };
  }
}

const normaliseList = (v: string) => v.split(',').map((a) => a.trim()).filter(Boolean).join(', ');
