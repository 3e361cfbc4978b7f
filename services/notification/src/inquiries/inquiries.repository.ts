import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { InquiryModel } from '../generated/prisma/models.js';
import type { NotificationDb, Tx } from '../db.js';

export type InquiryRow = InquiryModel;
export interface NewInquiry {
  clientUuid: string;
  accountUuid: string;
  partnerUuid: string | null;
  products: string[];
  companyName: string;
  name: string;
  email: string;
  phone: string;
  purpose: string;
  text: string;
}
export interface ReceiverRow { email: string; name: string }

/** Inquiries and partners' inquiry receivers, per region shard (the caller picks it). */
@Injectable()
export class InquiriesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: NotificationDb) {}

  create(tx: Tx, row: NewInquiry): Promise<InquiryRow> {
    return tx.inquiry.create({ data: row });
  }

  sentBy(shard: TShard, accountUuid: string, clientUuid: string): Promise<InquiryRow[]> {
    return this.db.client(shard).inquiry.findMany({ where: { accountUuid, clientUuid }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 50 });
  }

  /** The inquiries a receiver sees: a partner's (partnerUuid), or the operator's (null). */
  async inbox(shard: TShard, partnerUuid: string | null, status: string | undefined, page: number, perPage: number): Promise<{ rows: InquiryRow[]; total: number }> {
    const where = { partnerUuid, ...(status ? { status } : {}) };
    const client = this.db.client(shard);
    const [rows, total] = await Promise.all([
      client.inquiry.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], skip: (page - 1) * perPage, take: perPage }),
      client.inquiry.count({ where }),
    ]);
    return { rows, total };
  }

  /** Sets the status of an inquiry the receiver holds; null when it holds none with that id. */
  async setStatus(shard: TShard, partnerUuid: string | null, id: string, status: string): Promise<InquiryRow | null> {
    const client = this.db.client(shard);
    const { count } = await client.inquiry.updateMany({ where: { id, partnerUuid }, data: { status } });
    return count ? client.inquiry.findUnique({ where: { id } }) : null;
  }

  receivers(shard: TShard, partnerUuid: string): Promise<ReceiverRow[]> {
    return this.db.client(shard).inquiryReceiver.findMany({ where: { partnerUuid }, orderBy: [{ createdAt: 'asc' }, { email: 'asc' }], select: { email: true, name: true } });
  }

  async addReceiver(shard: TShard, partnerUuid: string, email: string, name: string): Promise<void> {
    await this.db.client(shard).inquiryReceiver.upsert({ where: { partnerUuid_email: { partnerUuid, email } }, create: { partnerUuid, email, name }, update: { name } });
  }

  /**
   * Removes a receiver unless it is the partner's last: one statement, so two concurrent removals
   * cannot leave none. Answers whether it was removed ('last': it is the only one; 'absent').
   */
  async removeReceiver(shard: TShard, partnerUuid: string, email: string): Promise<'removed' | 'last' | 'absent'> {
    const [row] = await this.db.client(shard).$queryRaw<{ removed: number; present: boolean }[]>`
      WITH locked AS (SELECT email FROM inquiry_receivers WHERE partner_uuid = ${partnerUuid}::uuid ORDER BY email FOR UPDATE),
      gone AS (
        DELETE FROM inquiry_receivers WHERE partner_uuid = ${partnerUuid}::uuid AND email = ${email}
          AND (SELECT count(*) FROM locked) > 1
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM gone)::int AS removed, EXISTS (SELECT 1 FROM locked WHERE email = ${email}) AS present`;
    if (row?.removed) return 'removed';
    return row?.present ? 'last' : 'absent';
  }
}
