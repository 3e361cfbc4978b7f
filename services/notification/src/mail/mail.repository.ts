import { Inject, Injectable } from '@nestjs/common';
import type { TMailStatus, TShard } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

/** A rendered mail as the queue keeps it (the region's `sent_mails`). */
export interface QueuedMail {
  msgId: string; toAddress: string; subject: string; template: string; language: string;
  senderAddress: string; senderName: string; extraTo: string; bcc: string; textBody: string; htmlBody: string;
}
export interface ClaimedMail extends QueuedMail { id: string; attempts: number }
export interface MailLogRow {
  id: string; toAddress: string; subject: string; template: string; language: string; status: string;
  attempts: number; lastError: string | null; createdAt: Date; sentAt: Date | null;
}

/**
 * The mail log, which is also the delivery queue (issue 12, slice A). A requested mail is rendered
 * and inserted once per event id (`msg_id`, unique), committed, and only then claimed for SMTP:
 * a claim is one statement that moves a due row to `sending` with a lease (`next_attempt_at`),
 * so two deliveries never hold one mail at once; the answer of SMTP moves it to `sent`, back to
 * `queued` with a back-off, to `failed` (attempts spent) or `bounced` (SMTP refused it for good).
 * A `sending` row whose lease ran out was claimed by a process that died before recording the
 * answer: it is due again (docs/decisions.md, "Issue 12, slice A").
 */
@Injectable()
export class MailRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  /** Inserts the mail of an event unless it is there already; the row's id either way, and whether it was new. */
  async enqueue(shard: TShard, m: QueuedMail): Promise<{ id: string; inserted: boolean }> {
    const [row] = await this.db.client(shard).$queryRaw<{ id: string; inserted: boolean }[]>`
      WITH inserted AS (
        INSERT INTO sent_mails (msg_id, to_address, subject, template, language, sender_address, sender_name, extra_to, bcc, text_body, html_body)
        VALUES (${m.msgId}, ${m.toAddress}, ${m.subject}, ${m.template}, ${m.language}, ${m.senderAddress}, ${m.senderName}, ${m.extraTo}, ${m.bcc}, ${m.textBody}, ${m.htmlBody})
        ON CONFLICT (msg_id) DO NOTHING RETURNING id
      )
      SELECT id::text, true AS inserted FROM inserted UNION ALL SELECT id::text, false FROM sent_mails WHERE msg_id = ${m.msgId}`;
    return row!;
  }

  /**
   * Claims a due mail for one delivery attempt (lease `leaseMs`); null when it is not due or not
   * queued. `takeOver` also takes a mail whose lease still runs: the redelivered event of a handler
   * that died in the middle of its attempt (NATS redelivers only an event nobody acknowledged).
   */
  async claim(shard: TShard, id: string, leaseMs: number, takeOver = false): Promise<ClaimedMail | null> {
    const rows = await this.db.client(shard).$queryRaw<(ClaimedMail)[]>`
      UPDATE sent_mails SET status = 'sending', attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = ${id}::uuid AND status IN ('queued', 'sending') AND (next_attempt_at <= now() OR (${takeOver} AND status = 'sending'))
      RETURNING id::text, msg_id AS "msgId", to_address AS "toAddress", subject, template, language, sender_address AS "senderAddress",
        sender_name AS "senderName", extra_to AS "extraTo", bcc, text_body AS "textBody", html_body AS "htmlBody", attempts`;
    return rows[0] ?? null;
  }

  async markSent(shard: TShard, id: string): Promise<void> {
    // The bodies go once SMTP has the mail: they hold links with tokens and one-time codes, which
    // the log has no reason to keep.
    await this.db.client(shard).$executeRaw`
      UPDATE sent_mails SET status = 'sent', sent_at = now(), last_error = NULL, text_body = '', html_body = '' WHERE id = ${id}::uuid AND status = 'sending'`;
  }

  /** Records a failed attempt: due again after `retryMs`, or final (`failed`, `bounced`). */
  async markFailed(shard: TShard, id: string, error: string, outcome: { final: 'failed' | 'bounced' } | { retryMs: number }): Promise<void> {
    const client = this.db.client(shard);
    if ('final' in outcome) {
      await client.$executeRaw`UPDATE sent_mails SET status = ${outcome.final}, last_error = ${error}, text_body = '', html_body = '' WHERE id = ${id}::uuid AND status = 'sending'`;
    } else {
      await client.$executeRaw`
        UPDATE sent_mails SET status = 'queued', last_error = ${error}, next_attempt_at = now() + make_interval(secs => ${outcome.retryMs / 1000})
        WHERE id = ${id}::uuid AND status = 'sending'`;
    }
  }

  /** Ids of mails due for an attempt (queued and due, or a lease that ran out), oldest first. */
  async due(shard: TShard, limit: number): Promise<string[]> {
    const rows = await this.db.client(shard).$queryRaw<{ id: string }[]>`
      SELECT id::text FROM sent_mails WHERE status IN ('queued', 'sending') AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT ${limit}`;
    return rows.map((r) => r.id);
  }

  /** The log of one region, newest first: recipient matched as a substring of the address (case-insensitive). */
  async search(shard: TShard, q: { recipient?: string; status?: TMailStatus; limit: number }): Promise<MailLogRow[]> {
    const pattern = q.recipient ? `%${q.recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    // `sending` is shown as queued: it is an attempt under way.
    const statuses = q.status === 'queued' ? ['queued', 'sending'] : q.status ? [q.status] : null;
    return this.db.client(shard).$queryRaw<MailLogRow[]>`
      SELECT id::text, to_address AS "toAddress", subject, template, language, status, attempts, last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"
      FROM sent_mails
      WHERE (${pattern}::text IS NULL OR to_address ILIKE ${pattern}::text OR extra_to ILIKE ${pattern}::text OR bcc ILIKE ${pattern}::text)
        AND (${statuses}::text[] IS NULL OR status = ANY(${statuses}::text[]))
      ORDER BY created_at DESC LIMIT ${q.limit}`;
  }
}
