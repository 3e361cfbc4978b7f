import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { renderMessage, type TMailRequested, type TShard } from '@portal/proto';
import { createLogger } from '@portal/service-common/logger';
import { MailRepository } from './mail.repository.js';
import { MAILER, type Mailer, type OutgoingMail } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(request: TMailRequested): OutgoingMail {
  const subject = renderMessage(request.language, `mail.${request.template}.subject`, request.params);
  // A mail to a person opens with their name, as their region writes it (the producer wrote it).
  const greeting = request.recipient?.trim() ? `${renderMessage(request.language, 'mail.greeting', { name: request.recipient.trim() })}\n\n` : '';
  const body = greeting + renderMessage(request.language, `mail.${request.template}.body`, request.params);
  const footer = renderMessage(request.language, 'mail.footer');
  const text = `${body}\n\n--\n${footer}\n`;
  const html = `<!doctype html><html lang="${request.language}"><body style="font-family:sans-serif;line-height:1.6">${
    escape(body).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>').replace(/\n/g, '<br>')
  }<hr><small>${escape(footer)}</small></body></html>`;
  return { to: request.to, subject, text, html };
}

@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly log = createLogger('MailService');
  constructor(
    @Inject(MailRepository) private readonly mails: MailRepository,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  /** The pooled SMTP connection goes with the service (an open one would hold the server's shutdown). */
  onApplicationShutdown(): void {
    this.mailer.close();
  }

  /**
   * Sends a requested mail once per event id, in three steps:
   *
   * 1. one statement records the mail (sent_mails) unless the event's mail is already marked sent,
   *    and commits: nothing goes to SMTP before that commit;
   * 2. the mail goes to SMTP with a Message-ID made from the event id, the same on every attempt,
   *    so a receiving server (and the dev sink) sees a repeat as the same message;
   * 3. a second statement marks it sent (processed_events).
   *
   * A redelivery after step 3 sends nothing. One after a failure in step 1 or 2 sends it (the
   * first attempt sent nothing). One after a failure in step 3 (the database went away after SMTP
   * took the mail) sends nothing when it reaches this process again (it remembers what SMTP took)
   * and otherwise repeats the same Message-ID.
   */
  async send(region: TShard, request: TMailRequested, msgId: string): Promise<void> {
    const mail = renderMail(request);
    const state = await this.mails.recordUnlessSent(region, { msgId, toAddress: request.to, subject: mail.subject, template: request.template, language: request.language });
    if (state === 'sent') return;
    if (!this.handedToSmtp.has(msgId)) {
      await this.mailer.send({ ...mail, messageId: messageIdFor(msgId) });
      this.handedToSmtp.add(msgId);
      if (this.handedToSmtp.size > 10_000) this.handedToSmtp.delete(this.handedToSmtp.values().next().value!);
    }
    await this.mails.markSent(region, msgId);
    this.handedToSmtp.delete(msgId);
    this.log.info({ template: request.template, language: request.language }, 'mail sent');
  }

  /** Event ids whose mail SMTP took but whose `markSent` has not committed yet. */
  private readonly handedToSmtp = new Set<string>();
}

/** The Message-ID local part of an event's mail: stable across redeliveries (the mailer adds the domain). */
export function messageIdFor(msgId: string): string {
  return `mail-${msgId.replace(/[^\w.-]/g, '_')}`;
}
