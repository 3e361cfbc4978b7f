import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { renderMessage, type TMailRequested, type TShard } from '@portal/proto';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { createLogger } from '@portal/service-common/logger';
import type { Tx } from '../db.js';
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
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(MAILER) private readonly mailer: Mailer,
  ) {}

  /** The pooled SMTP connection goes with the service (an open one would hold the server's shutdown). */
  onApplicationShutdown(): void {
    this.mailer.close();
  }

  /**
   * Sends a requested mail once per event id: the id is recorded in the same transaction that
   * records the mail, and the SMTP hand-off happens inside it, so a failed send is retried and a
   * redelivered event sends nothing.
   */
  async send(region: TShard, request: TMailRequested, msgId: string): Promise<void> {
    const mail = renderMail(request);
    await this.uow.once(region, 'notification-mail', msgId, async (tx) => {
      await this.mails.recordSent(tx, { msgId, toAddress: request.to, subject: mail.subject, template: request.template, language: request.language });
      await this.mailer.send(mail);
    }, { timeoutMs: 30_000 });
    this.log.info({ template: request.template, language: request.language }, 'mail sent');
  }
}
