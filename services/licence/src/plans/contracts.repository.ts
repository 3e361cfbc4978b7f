import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { businessDate, type IsoDate } from '@portal/service-common/business-dates';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb, Tx } from '../db.js';
import type { ContractModel, ContractItemModel } from '../generated/prisma/models.js';
import { contractProducts } from './plans.rules.js';

/** A `DATE` column as Prisma reads it (midnight UTC) to the ISO date it stores, and back. */
export const isoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);
export const dateColumn = (iso: IsoDate): Date => new Date(`${iso}T00:00:00Z`);
const maybeIso = (d: Date | null): IsoDate | null => (d ? isoDate(d) : null);

export interface ContractItemRecord { planId: string; type: string; name: Record<string, string>; amount: number }

export interface ContractRecord {
  id: string;
  clientUuid: string;
  product: string;
  planId: string;
  currency: string;
  monthlyAmount: number;
  /** reviewing | scheduled | cancelling | ended | rejected | withdrawn (contractStatus refines it by date). */
  status: string;
  applicationId: string | null;
  effectiveFrom: IsoDate;
  billingStart: IsoDate | null;
  minimumTermEnd: IsoDate | null;
  cancelFiledAt: Date | null;
  endsOn: IsoDate | null;
  penaltyMonths: number;
  /** Issue 22: a package contract's products (as the master granted them when applied for). */
  grants: string[];
  createdAt: Date;
  items: ContractItemRecord[];
}

function textMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function toRecord(row: ContractModel & { items: ContractItemModel[] }): ContractRecord {
  return {
    id: row.id, clientUuid: row.clientUuid, product: row.product, planId: row.planId, currency: row.currency, monthlyAmount: row.monthlyAmount,
    status: row.status, applicationId: row.applicationId, effectiveFrom: isoDate(row.effectiveFrom), billingStart: maybeIso(row.billingStart),
    minimumTermEnd: maybeIso(row.minimumTermEnd), cancelFiledAt: row.cancelFiledAt, endsOn: maybeIso(row.endsOn), penaltyMonths: row.penaltyMonths,
    grants: row.grants ?? [], createdAt: row.createdAt,
    items: row.items.map((i) => ({ planId: i.planId, type: i.type, name: textMap(i.name), amount: i.amount })),
  };
}

/** A paid contract applied for and not in effect yet (issue 22). */
export interface PendingPaidContract { product: string; appliedAt: Date; effectiveFrom: IsoDate }
export interface PaidStanding { live: string[]; pending: PendingPaidContract[] }

export interface NewContract {
  clientUuid: string;
  product: string;
  planId: string;
  currency: string;
  monthlyAmount: number;
  status: 'reviewing' | 'scheduled';
  applicationId: string;
  effectiveFrom: IsoDate;
  billingStart: IsoDate | null;
  minimumTermEnd: IsoDate | null;
  grants: string[];
  items: ContractItemRecord[];
}

/**
 * Contracts (slice C, region shards): a client's plan per product with its items, dates and
 * amounts. Slice A's licence check reads `paidStanding`.
 */
@Injectable()
export class ContractsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** The client's contracts, newest first. */
  async listForClient(shard: TShard, clientUuid: string): Promise<ContractRecord[]> {
    const rows = await this.db.client(shard).contract.findMany({ where: { clientUuid }, include: { items: true }, orderBy: [{ createdAt: 'desc' }] });
    return rows.map(toRecord);
  }

  async find(shard: TShard, clientUuid: string, id: string): Promise<ContractRecord | null> {
    const row = await this.db.client(shard).contract.findFirst({ where: { id, clientUuid }, include: { items: true } });
    return row ? toRecord(row) : null;
  }

  /**
   * The products the client holds under a paid contract that is live on `asOf` (its Tokyo date):
   * allowed (not under review or rejected), already in effect, and not past its last day; a
   * package contract's granted products (issue 22). For the licence check (docs/design/licence.md
   * "Licence check").
   */
  async livePaidProducts(shard: TShard, clientUuid: string, asOf: Date): Promise<string[]> {
    const today = dateColumn(businessDate(asOf));
    const rows = await this.db.client(shard).contract.findMany({
      where: {
        clientUuid, status: { in: ['scheduled', 'cancelling'] }, monthlyAmount: { gt: 0 }, effectiveFrom: { lte: today },
        OR: [{ endsOn: null }, { endsOn: { gte: today } }],
      },
      select: { product: true, grants: true },
    });
    return [...new Set(rows.flatMap(contractProducts))].sort();
  }

  /**
   * Issue 22: the licence check's paid standing in one read: the products live under a paid
   * contract on `asOf` (as livePaidProducts), and the paid contracts applied for and not in effect
   * yet (under review, or allowed and starting later), with when each was applied for and the
   * first day it applies (a trial applied for during keeps the product until then).
   */
  async paidStanding(shard: TShard, clientUuid: string, asOf: Date): Promise<PaidStanding> {
    const today = businessDate(asOf);
    const rows = await this.db.client(shard).contract.findMany({
      where: {
        clientUuid, status: { in: ['reviewing', 'scheduled', 'cancelling'] }, monthlyAmount: { gt: 0 },
        OR: [{ endsOn: null }, { endsOn: { gte: dateColumn(today) } }],
      },
      select: { product: true, grants: true, status: true, effectiveFrom: true, createdAt: true },
      orderBy: { effectiveFrom: 'asc' },
    });
    const live = new Set<string>();
    const pending: PendingPaidContract[] = [];
    for (const r of rows) {
      const from = isoDate(r.effectiveFrom);
      // A package contract stands for each product it grants (issue 22).
      for (const product of contractProducts(r)) {
        if (r.status !== 'reviewing' && from <= today) live.add(product);
        else pending.push({ product, appliedAt: r.createdAt, effectiveFrom: from });
      }
    }
    return { live: [...live].sort(), pending };
  }

  /** Per plan-master row: the contracts of this shard using it now (under review, or allowed and not ended on `asOf`). */
  async itemsInUse(shard: TShard, planIds: readonly string[], asOf: Date): Promise<Map<string, number>> {
    const today = dateColumn(businessDate(asOf));
    const rows = await this.db.client(shard).contractItem.groupBy({
      by: ['planId'],
      where: {
        planId: { in: [...planIds] },
        contract: { status: { in: ['reviewing', 'scheduled', 'cancelling'] }, OR: [{ endsOn: null }, { endsOn: { gte: today } }] },
      },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.planId, r._count._all]));
  }

  /** The contracts of a product that a new one may replace (allowed, not ended), in a transaction. */
  async openForProduct(tx: Tx, clientUuid: string, product: string): Promise<ContractRecord[]> {
    const rows = await tx.contract.findMany({
      where: { clientUuid, product, status: { in: ['scheduled', 'cancelling'] } }, include: { items: true }, orderBy: { effectiveFrom: 'asc' },
    });
    return rows.map(toRecord);
  }

  async create(tx: Tx, c: NewContract): Promise<ContractRecord> {
    const row = await tx.contract.create({
      data: {
        clientUuid: c.clientUuid, product: c.product, planId: c.planId, currency: c.currency, monthlyAmount: c.monthlyAmount, status: c.status,
        applicationId: c.applicationId, effectiveFrom: dateColumn(c.effectiveFrom), billingStart: c.billingStart ? dateColumn(c.billingStart) : null,
        minimumTermEnd: c.minimumTermEnd ? dateColumn(c.minimumTermEnd) : null, grants: c.grants,
        items: { create: c.items.map((i) => ({ planId: i.planId, type: i.type, name: i.name, amount: i.amount })) },
      },
      include: { items: true },
    });
    return toRecord(row);
  }

  /** Sets a contract's last day (a replaced or cancelled one) and, when given, its status and penalty. */
  async end(tx: Tx, id: string, endsOn: IsoDate, changes: { status?: 'cancelling' | 'ended'; cancelFiledAt?: Date; penaltyMonths?: number } = {}): Promise<void> {
    await tx.contract.update({ where: { id }, data: { endsOn: dateColumn(endsOn), ...changes } });
  }

  /** Cancels a contract once: null when it was no longer scheduled (a second cancel, or a race). */
  async cancel(tx: Tx, clientUuid: string, id: string, endsOn: IsoDate, filedAt: Date, penaltyMonths: number, status: 'cancelling' | 'ended'): Promise<ContractRecord | null> {
    const written = await tx.contract.updateMany({
      where: { id, clientUuid, status: 'scheduled', cancelFiledAt: null, endsOn: null },
      data: { status, endsOn: dateColumn(endsOn), cancelFiledAt: filedAt, penaltyMonths },
    });
    if (written.count !== 1) return null;
    return toRecord(await tx.contract.findUniqueOrThrow({ where: { id }, include: { items: true } }));
  }

  /** The contract an application created, with its new status and dates after the review. */
  async settleReview(tx: Tx, applicationId: string, data: { status: 'scheduled' | 'rejected' | 'withdrawn'; effectiveFrom?: IsoDate; billingStart?: IsoDate | null; minimumTermEnd?: IsoDate | null }): Promise<ContractRecord | null> {
    const row = await tx.contract.findFirst({ where: { applicationId, status: 'reviewing' } });
    if (!row) return null;
    const updated = await tx.contract.update({
      where: { id: row.id },
      data: {
        status: data.status,
        ...(data.effectiveFrom ? { effectiveFrom: dateColumn(data.effectiveFrom) } : {}),
        ...(data.billingStart !== undefined ? { billingStart: data.billingStart ? dateColumn(data.billingStart) : null } : {}),
        ...(data.minimumTermEnd !== undefined ? { minimumTermEnd: data.minimumTermEnd ? dateColumn(data.minimumTermEnd) : null } : {}),
      },
      include: { items: true },
    });
    return toRecord(updated);
  }
}
