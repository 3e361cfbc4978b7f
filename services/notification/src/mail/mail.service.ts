import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { pickMailLanguage, REGION_PROFILES, REGIONS, type TLanguage, type TMailRequested, type TRegion, type TShard } from '@portal/proto';
import { JobRunner } from '@portal/service-common/jobs';
import { createLogger } from '@portal/service-common/logger';
import { MAIL_CONFIG, retryDelayMs, type TMailConfig } from './mail.config.js';
import { MailRepository, type QueuedMail } from './mail.repository.js';
import { MailTemplatesRepository, type StoredTemplate } from './mail-templates.repository.js';
import { describeSmtpFailure, isPermanentSmtpFailure, MAILER, type Mailer } from './mailer.js';
import { renderTemplate, seededParts, seededVersions, type RenderedMail, type TemplateText } from './templates.js';

export const MAIL_RETRY_JOB = 'notification-mail-retry';

/** The text a mail in `language` uses: the language's version unless switched off, else the region's default language's, else English. */
export function chooseVersion(template: Pick<StoredTemplate, 'versions'> | null, name: string, language: TLanguage, regionDefault: TLanguage): { language: TLanguage; text: TemplateText } | null {
  const stored = Object.fromEntries(Object.entries(template?.versions ?? {}).filter(([, v]) => v && !v.disabled));
  const versions: Partial<Record<TLanguage, TemplateText>> = Object.keys(stored).length ? stored : seededVersions(name);
  const chosen = pickMailLanguage(versions, language, regionDefault);
  return chosen ? { language: chosen, text: versions[chosen]! } : null;
}

/**
 * Mail delivery (issue 12, slice A): every mail is requested through a service's outbox, rendered
 * here from its stored template and queued in the region's mail log (one row per event id), then
 * handed to SMTP with a Message-ID made from the event id. A failure leaves it queued with a
 * back-off; the retry job (pg-boss, every minute) sends what is due. A mail is thus kept from the
 * producer's commit to SMTP's answer: in the producer's outbox while NATS is away, in the stream
 * while notification is away, in the log while SMTP is away.
 */
@Injectable()
export class MailService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = createLogger('MailService');

  constructor(
    @Inject(MailRepository) private readonly mails: MailRepository,
    @Inject(MailTemplatesRepository) private readonly templates: MailTemplatesRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(MAIL_CONFIG) private readonly config: TMailConfig,
    @Inject(JobRunner) private readonly jobs: JobRunner,
  ) {}

  onModuleInit(): void {
    this.jobs.register({ name: MAIL_RETRY_JOB, cron: this.config.MAIL_RETRY_CRON, retryLimit: 1, retryDelaySeconds: 30, run: () => this.retryDue() });
  }

  /** The pooled SMTP connection goes with the service (an open one would hold the server's shutdown). */
  onApplicationShutdown(): void {
    this.mailer.close();
  }

  /** Renders a requested mail with its current template in the addressee's language (or the fallback). */
  async render(region: TRegion, request: TMailRequested): Promise<{ mail: RenderedMail; language: TLanguage; template: StoredTemplate | null }> {
    const regionDefault = REGION_PROFILES[region].defaultLanguage;
    const template = await this.templates.get(request.template);
    const chosen = chooseVersion(template, request.template, request.language, regionDefault);
    const language = chosen?.language ?? request.language;
    const parts = template ? await this.templates.partsIn(language, regionDefault) : seededParts(language);
    const mail = renderTemplate(language, chosen?.text ?? { subject: request.template, body: '' }, parts, request.params, request.recipient);
    return { mail, language, template };
  }

  /**
   * Handles one mail request: render, queue (once per event id: a redelivery finds its row), and
   * try SMTP at once. Only a failure to queue fails the event (it is then redelivered); SMTP's
   * failures stay with the queued row.
   */
  async send(region: TShard, request: TMailRequested, msgId: string): Promise<void> {
    const { mail, language, template } = await this.render(region === 'global' ? 'jpn' : region, request);
    const { id, inserted } = await this.mails.enqueue(region, {
      msgId, toAddress: request.to, subject: mail.subject, template: request.template, language,
      senderAddress: template?.senderAddress ?? '', senderName: template?.senderName ?? '', extraTo: template?.toAddresses ?? '', bcc: template?.bcc ?? '',
      textBody: mail.text, htmlBody: mail.html,
    });
    // A redelivered event whose mail is still claimed: the attempt that claimed it died with the
    // handler (else the event would have been acknowledged). Take it over now, not after the lease.
    await this.deliver(region, id, { takeOver: !inserted });
  }

  /** Queues an already rendered mail (a test send) and tries SMTP at once. */
  async queue(region: TShard, mail: QueuedMail): Promise<void> {
    await this.deliver(region, (await this.mails.enqueue(region, mail)).id);
  }

  /**
   * One delivery attempt of a queued mail, if it is due: claim it (a lease), hand it to SMTP, and
   * record SMTP's answer. The claim commits before SMTP sees the mail, so no two attempts overlap.
   * The only window for a repeat is SMTP accepting and the "sent" record not committing (the
   * process dies in between, or the database goes away): after the lease the mail is due again
   * and goes with the same Message-ID, which a receiving mailbox recognises. In this process the
   * set below remembers what SMTP took, so a retry here only records it.
   */
  async deliver(region: TShard, id: string, options: { takeOver?: boolean } = {}): Promise<'sent' | 'retry' | 'failed' | 'bounced' | 'not_due'> {
    const mail = await this.mails.claim(region, id, this.config.MAIL_LEASE_MS, options.takeOver);
    if (!mail) return 'not_due';
    if (!this.handedToSmtp.has(mail.msgId)) {
      try {
        await this.mailer.send({
          to: [mail.toAddress, mail.extraTo].filter(Boolean).join(', '), bcc: mail.bcc || undefined,
          from: mail.senderAddress ? { address: mail.senderAddress, name: mail.senderName } : undefined,
          subject: mail.subject, text: mail.textBody, html: mail.htmlBody, messageId: messageIdFor(mail.msgId),
        });
      } catch (err) {
        const error = describeSmtpFailure(err);
        const outcome = isPermanentSmtpFailure(err) ? { final: 'bounced' as const }
          : mail.attempts >= this.config.MAIL_MAX_ATTEMPTS ? { final: 'failed' as const }
            : { retryMs: retryDelayMs(this.config, mail.attempts) };
        await this.mails.markFailed(region, id, error, outcome);
        this.log.warn({ template: mail.template, attempts: mail.attempts, outcome: 'final' in outcome ? outcome.final : 'retry', error }, 'mail not sent');
        return 'final' in outcome && outcome.final ? outcome.final : 'retry';
      }
      this.handedToSmtp.add(mail.msgId);
      if (this.handedToSmtp.size > 10_000) this.handedToSmtp.delete(this.handedToSmtp.values().next().value!);
    }
    await this.mails.markSent(region, id);
    this.handedToSmtp.delete(mail.msgId);
    this.log.info({ template: mail.template, language: mail.language }, 'mail sent');
    return 'sent';
  }

  /** The retry job: every due mail of every region, one attempt each; how many were sent. */
  async retryDue(): Promise<{ sent: number; due: number }> {
    let sent = 0;
    let due = 0;
    for (const region of REGIONS) {
      for (const id of await this.mails.due(region, 500)) {
        due++;
        if ((await this.deliver(region, id)) === 'sent') sent++;
      }
    }
    return { sent, due };
  }

  /** Event ids whose mail SMTP took but whose "sent" record has not committed yet. */
  private readonly handedToSmtp = new Set<string>();
}

/** The Message-ID local part of an event's mail: stable across redeliveries (the mailer adds the domain). */
export function messageIdFor(msgId: string): string {
  return `mail-${msgId.replace(/[^\w.-]/g, '_')}`;
}
