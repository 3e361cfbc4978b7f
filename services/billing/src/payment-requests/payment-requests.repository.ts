import { Inject, Injectable } from '@nestjs/common';
import type { TBankAccountType, TPaymentRequestStatus, TRequestedMethod, TShard } from '@portal/proto';
import type { TPaymentRequestSource } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { PaymentRequestModel } from '../generated/prisma/models.js';
import type { Tx } from '../db.js';

/** A request or a registration as the service works with it. */
export interface PaymentRequestRecord {
  id: string;
  clientUuid: string;
  method: TRequestedMethod;
  status: TPaymentRequestStatus;
  source: TPaymentRequestSource;
  companyName: string;
  personName: string;
  email: string;
  phone: string;
  details: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: TBankAccountType;
  accountNumber: string;
  accountHolder: string;
  requestedBy: string | null;
  language: string;
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export type PaymentRequestFields = Omit<PaymentRequestRecord, 'id' | 'reason' | 'reviewedBy' | 'reviewedAt' | 'createdAt'>
  & { reviewedBy?: string | null; reviewedAt?: Date | null };

function toRecord(row: PaymentRequestModel): PaymentRequestRecord {
  return {
    ...row, method: row.method as TRequestedMethod, status: row.status as TPaymentRequestStatus, source: row.source as TPaymentRequestSource,
    accountType: row.accountType as TBankAccountType,
  };
}

/** `payment_requests` of each region's billing schema (issue 11, slice B). */
@Injectable()
export class PaymentRequestsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  async find(shard: TShard, id: string): Promise<PaymentRequestRecord | null> {
    const row = await this.db.client(shard).paymentRequest.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** The client's latest request or registration. */
  async latestOf(shard: TShard, clientUuid: string): Promise<PaymentRequestRecord | null> {
    const row = await this.db.client(shard).paymentRequest.findFirst({ where: { clientUuid }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
    return row ? toRecord(row) : null;
  }

  async hasPending(shard: TShard, clientUuid: string): Promise<boolean> {
    return (await this.db.client(shard).paymentRequest.count({ where: { clientUuid, status: 'pending' } })) > 0;
  }

  /** The first `depth` rows of a status (oldest first: operators work through them in order) and how many there are. */
  async listByStatus(shard: TShard, status: TPaymentRequestStatus, depth: number): Promise<{ rows: PaymentRequestRecord[]; total: number }> {
    const client = this.db.client(shard);
    const [rows, total] = await Promise.all([
      client.paymentRequest.findMany({ where: { status }, orderBy: [{ createdAt: status === 'pending' ? 'asc' : 'desc' }, { id: 'asc' }], take: depth }),
      client.paymentRequest.count({ where: { status } }),
    ]);
    return { rows: rows.map(toRecord), total };
  }

  /** Each client's latest registered bank method (the CSV download). */
  async registeredMethods(shard: TShard): Promise<PaymentRequestRecord[]> {
    const rows = await this.db.client(shard).paymentRequest.findMany({
      where: { status: 'registered' }, orderBy: [{ clientUuid: 'asc' }, { reviewedAt: 'desc' }, { createdAt: 'desc' }], distinct: ['clientUuid'],
    });
    return rows.map(toRecord);
  }

  // ---- writes (in a unit of work) ----

  async create(tx: Tx, fields: PaymentRequestFields): Promise<PaymentRequestRecord> {
    return toRecord(await tx.paymentRequest.create({ data: fields }));
  }

  /** Settles a pending request; null when it is no longer pending (another operator was first). */
  async settle(tx: Tx, id: string, outcome: { status: 'registered' | 'rejected'; reviewedBy: string; reason?: string; at: Date }): Promise<PaymentRequestRecord | null> {
    const { count } = await tx.paymentRequest.updateMany({
      where: { id, status: 'pending' },
      data: { status: outcome.status, reviewedBy: outcome.reviewedBy, reviewedAt: outcome.at, reason: outcome.reason ?? null },
    });
    if (count === 0) return null;
    return toRecord(await tx.paymentRequest.findUniqueOrThrow({ where: { id } }));
  }
}
