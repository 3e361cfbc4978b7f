import { Injectable } from '@nestjs/common';
import type { Tx } from '../db.js';

/** The record of mails sent (one per requesting event). */
@Injectable()
export class MailRepository {
  async recordSent(tx: Tx, row: { msgId: string; toAddress: string; subject: string; template: string; language: string }): Promise<void> {
    await tx.sentMail.create({ data: row });
  }
}
