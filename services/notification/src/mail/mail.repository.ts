import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** The consumer name under which a mail counts as handed to SMTP (processed_events). */
export const MAIL_SENT_CONSUMER = 'notification-mail';

export interface MailRecord { msgId: string; toAddress: string; subject: string; template: string; language: string }

/**
 * The record of mails (one per requesting event id). A mail is recorded (sent_mails) and committed
 * before it goes to SMTP; once SMTP has taken it, `markSent` records the event id in
 * processed_events (docs/decisions.md, "Hardening: transport and faults"). Each is one statement,
 * committed on its own: a mail costs two round trips besides SMTP, not two transactions.
 */
@Injectable()
export class MailRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  /**
   * Records the mail of an event unless its mail was already handed to SMTP; tells which. A
   * redelivery of a recorded but unsent mail finds the row there and records nothing more.
   */
  async recordUnlessSent(shard: TShard, row: MailRecord): Promise<'sent' | 'recorded'> {
    const [answer] = await this.db.client(shard).$queryRaw<{ sent: boolean }[]>`
      WITH sent AS (SELECT 1 FROM processed_events WHERE consumer = ${MAIL_SENT_CONSUMER} AND msg_id = ${row.msgId}),
      recorded AS (
        INSERT INTO sent_mails (msg_id, to_address, subject, template, language)
        SELECT ${row.msgId}, ${row.toAddress}, ${row.subject}, ${row.template}, ${row.language} WHERE NOT EXISTS (SELECT 1 FROM sent)
        ON CONFLICT (msg_id) DO NOTHING
      )
      SELECT EXISTS (SELECT 1 FROM sent) AS sent`;
    return answer?.sent ? 'sent' : 'recorded';
  }

  async markSent(shard: TShard, msgId: string): Promise<void> {
    await this.db.client(shard).processedEvent.createMany({ data: [{ consumer: MAIL_SENT_CONSUMER, msgId }], skipDuplicates: true });
  }
}
