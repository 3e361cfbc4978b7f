import { Inject, Injectable } from '@nestjs/common';
import type { TCorporateCandidate, TShard } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Client, LicenceDb, Tx } from '../db.js';
import type { PlanApplicationModel } from '../generated/prisma/models.js';
import { dateColumn, isoDate } from './contracts.repository.js';

export interface ApplicationRecord extends Omit<PlanApplicationModel, 'effectiveFrom'> { effectiveFrom: IsoDate }
const toRecord = (row: PlanApplicationModel): ApplicationRecord => ({ ...row, effectiveFrom: isoDate(row.effectiveFrom) });

export type NewApplication = Omit<ApplicationRecord, 'id' | 'createdAt' | 'reason' | 'reviewedBy' | 'reviewedAt'>;

/**
 * Plan applications and corporate-number searches (slice C, region shards), and the client's
 * licence type, which review moves between normal, reviewing and rejected (spec §3, §4).
 */
@Injectable()
export class PlanApplicationsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  client(shard: TShard, uuid: string): Promise<Client | null> {
    return this.db.client(shard).client.findUnique({ where: { uuid } });
  }

  /**
   * Puts the client under review unless it already is or was rejected, in one statement (two
   * applications at once: one wins). False when it was not moved.
   */
  async startReview(tx: Tx, clientUuid: string): Promise<boolean> {
    const written = await tx.client.updateMany({ where: { uuid: clientUuid, licenceType: { notIn: ['reviewing', 'rejected'] } }, data: { licenceType: 'reviewing' } });
    return written.count === 1;
  }

  /** The client's licence type now (inside the transaction). */
  async licenceType(tx: Tx, clientUuid: string): Promise<string | null> {
    return (await tx.client.findUnique({ where: { uuid: clientUuid }, select: { licenceType: true } }))?.licenceType ?? null;
  }

  async setLicenceType(tx: Tx, clientUuid: string, licenceType: string): Promise<void> {
    await tx.client.update({ where: { uuid: clientUuid }, data: { licenceType } });
  }

  async create(tx: Tx, a: NewApplication): Promise<ApplicationRecord> {
    return toRecord(await tx.planApplication.create({ data: { ...a, effectiveFrom: dateColumn(a.effectiveFrom) } }));
  }

  /** The client's latest application (for the rejection reason). */
  async latest(shard: TShard, clientUuid: string): Promise<ApplicationRecord | null> {
    const row = await this.db.client(shard).planApplication.findFirst({ where: { clientUuid }, orderBy: { createdAt: 'desc' } });
    return row ? toRecord(row) : null;
  }

  /** Applications of one shard with a status, oldest first, with the company names. */
  async listByStatus(shard: TShard, status: string, limit: number): Promise<{ rows: (ApplicationRecord & { companyName: string })[]; total: number }> {
    const db = this.db.client(shard);
    const [rows, total] = await Promise.all([
      db.planApplication.findMany({ where: { status }, orderBy: { createdAt: 'asc' }, take: limit }),
      db.planApplication.count({ where: { status } }),
    ]);
    const clients = rows.length
      ? await db.client.findMany({ where: { uuid: { in: [...new Set(rows.map((r) => r.clientUuid))] } }, select: { uuid: true, companyName: true } })
      : [];
    const names = new Map(clients.map((c) => [c.uuid, c.companyName]));
    return { rows: rows.map((r) => ({ ...toRecord(r), companyName: names.get(r.clientUuid) ?? '' })), total };
  }

  /** Settles a pending application once: null when it was not pending (reviewed meanwhile). */
  async review(tx: Tx, id: string, data: { status: 'allowed' | 'rejected'; reason: string | null; reviewedBy: string; reviewedAt: Date; effectiveFrom?: IsoDate }): Promise<ApplicationRecord | null> {
    const written = await tx.planApplication.updateMany({
      where: { id, status: 'reviewing' },
      data: {
        status: data.status, reason: data.reason, reviewedBy: data.reviewedBy, reviewedAt: data.reviewedAt,
        ...(data.effectiveFrom ? { effectiveFrom: dateColumn(data.effectiveFrom) } : {}),
      },
    });
    if (written.count !== 1) return null;
    return toRecord(await tx.planApplication.findUniqueOrThrow({ where: { id } }));
  }

  /**
   * Issue 22: the client withdraws its application, once: null when it is not this client's or
   * no longer under review (an operator settled it meanwhile, or a second withdrawal).
   */
  async withdraw(tx: Tx, clientUuid: string, id: string, at: Date): Promise<ApplicationRecord | null> {
    const written = await tx.planApplication.updateMany({ where: { id, clientUuid, status: 'reviewing' }, data: { status: 'withdrawn', reviewedAt: at } });
    if (written.count !== 1) return null;
    return toRecord(await tx.planApplication.findUniqueOrThrow({ where: { id } }));
  }

  async find(shard: TShard, id: string): Promise<ApplicationRecord | null> {
    const row = await this.db.client(shard).planApplication.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async companyName(shard: TShard, clientUuid: string): Promise<string> {
    return (await this.db.client(shard).client.findUnique({ where: { uuid: clientUuid }, select: { companyName: true } }))?.companyName ?? '';
  }

  // ---- corporate-number searches ----

  async recordSearch(shard: TShard, s: { clientUuid: string; accountUuid: string; query: string; candidates: TCorporateCandidate[] }): Promise<string> {
    const row = await this.db.client(shard).corporateSearch.create({ data: { ...s, candidates: s.candidates }, select: { id: true } });
    return row.id;
  }

  /** A search of this client (another client's search id finds nothing). */
  async findSearch(shard: TShard, clientUuid: string, id: string): Promise<TCorporateCandidate[] | null> {
    const row = await this.db.client(shard).corporateSearch.findFirst({ where: { id, clientUuid } });
    return row ? (row.candidates as TCorporateCandidate[]) : null;
  }
}
