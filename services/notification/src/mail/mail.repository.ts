import { Injectable } from '@nestjs/common';
import type { Tx } from '../db.js';

/** The consumer name under which a mail counts as handed to SMTP (processed_events). */
export const MAIL_SENT_CONSUMER = 'notification-mail';

/**
 * The record of mails (one per requesting event id). A mail is recorded (sent_mails) and committed
 * before it goes to SMTP; once SMTP has taken it, `markSent` records the event id in
 * processed_events. docs/decisions.md, "Hardening: transport and faults".
 */
@Injectable()
export class MailRepository {
  /** True once the mail of this event was handed to SMTP and that was committed. */
  async isSent(tx: Tx, msgId: string): Promise<boolean> {
    return (await tx.processedEvent.findUnique({ where: { consumer_msgId: { consumer: MAIL_SENT_CONSUMER, msgId } }, select: { msgId: true } })) !== null;
  }

  /** Records the mail of an event, once (a redelivery finds the row already there). */
  async record(tx: Tx, row: { msgId: string; toAddress: string; subject: string; template: string; language: string }): Promise<void> {
    await tx.sentMail.createMany({ data: [row], skipDuplicates: true });
  }

  async markSent(tx: Tx, msgId: string): Promise<void> {
    await tx.processedEvent.createMany({ data: [{ consumer: MAIL_SENT_CONSUMER, msgId }], skipDuplicates: true });
  }
}
