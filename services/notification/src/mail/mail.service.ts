import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { renderMessage, type TMailRequested, type TShard } from '@portal/proto';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import { createLogger } from '@portal/service-common/logger';
import type { PrismaClient } from '../generated/prisma/client.js';
import { MAILER, type Mailer, type OutgoingMail } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderMail(request: TMailRequested): OutgoingMail {
  const subject = renderMessage(request.language, `mail.${request.template}.subject`, request.params);
  const body = renderMessage(request.language, `mail.${request.template}.body`, request.params);
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
    @Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>,
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
    await this.db.client(region).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'notification-mail', msgId))) return;
      await tx.sentMail.create({ data: { msgId, toAddress: request.to, subject: mail.subject, template: request.template, language: request.language } });
      await this.mailer.send(mail);
    }, { timeout: 30_000 });
    this.log.info({ template: request.template, language: request.language }, 'mail sent');
  }
}
