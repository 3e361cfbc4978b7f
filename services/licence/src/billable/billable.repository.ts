import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { LicenceDb } from '../db.js';
import type { ContractItemModel, ContractModel } from '../generated/prisma/models.js';
import { dateColumn, isoDate } from '../plans/contracts.repository.js';
import type { BillableContract } from './billable.rules.js';

type ClientRow = { uuid: string; companyName: string; region: string };
type ContractRow = ContractModel & { items: ContractItemModel[] };

interface OneContractJson {
  id: string; product: string; plan_id: string; currency: string; monthly_amount: number; effective_from: IsoDate; billing_start: IsoDate | null;
  ends_on: IsoDate | null; penalty_months: number; items: { plan_id: string; type: string; name: unknown; amount: number }[];
}

export interface BillableClientRow { uuid: string; companyName: string; region: string; contracts: (BillableContract & { currency: string; clientUuid: string })[] }

function textMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Contracts that may bill in the month from `first` to `last`. */
const monthWhere = (first: string, last: string) => ({
  status: { in: ['scheduled', 'cancelling', 'ended'] },
  effectiveFrom: { lte: dateColumn(last) },
  OR: [{ endsOn: null }, { endsOn: { gte: dateColumn(first) } }],
});

/** Issue 11, slice C2: the contracts billing bills, read in pages of clients (licence's tables stay licence's). */
@Injectable()
export class BillableRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** How many clients have a contract that may bill in the month. */
  async count(shard: TShard, first: string, last: string): Promise<number> {
    const rows = await this.db.client(shard).$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT client_uuid)::int AS n FROM contracts
       WHERE status IN ('scheduled', 'cancelling', 'ended') AND effective_from <= ${last}::date AND (ends_on IS NULL OR ends_on >= ${first}::date)`;
    return rows[0]?.n ?? 0;
  }

  /**
   * Clients (after `after`, by uuid, at most `limit`) with a contract that may bill in the month
   * from `first` to `last`: allowed (not under review or rejected), started by the month's end, and
   * not ended before it began (or ending in it, for a penalty). Resellers' clients are billed by the
   * reseller and left out.
   */
  async page(shard: TShard, first: string, last: string, after: string | undefined, limit: number, only?: string): Promise<BillableClientRow[]> {
    if (only) return this.one(shard, first, last, only);
    const db = this.db.client(shard);
    const where = monthWhere(first, last);
    // DISTINCT in SQL (Prisma's `distinct` would read every later contract and drop duplicates in memory).
    const ids = await db.$queryRaw<{ client_uuid: string }[]>`
        SELECT DISTINCT client_uuid::text FROM contracts
         WHERE status IN ('scheduled', 'cancelling', 'ended') AND effective_from <= ${last}::date AND (ends_on IS NULL OR ends_on >= ${first}::date)
           AND client_uuid > ${after ?? '00000000-0000-0000-0000-000000000000'}::uuid
         ORDER BY client_uuid LIMIT ${limit}`;
    if (ids.length === 0) return [];
    const uuids = ids.map((r) => r.client_uuid);
    const [clients, contracts] = await Promise.all([
      db.client.findMany({ where: { uuid: { in: uuids }, contractType: { not: 'reseller' } }, select: { uuid: true, companyName: true, region: true } }),
      db.contract.findMany({ where: { ...where, clientUuid: { in: uuids } }, include: { items: true }, orderBy: [{ clientUuid: 'asc' }, { effectiveFrom: 'asc' }, { id: 'asc' }] }),
    ]);
    return this.rows(uuids, clients, contracts);
  }

  /**
   * One client (billing's preview of its next invoice, on every /billing/list without an open
   * invoice): the page() answer for it in one statement instead of four Prisma queries: none when
   * it has no contract that may bill in the month, else its row with those contracts and their
   * items (no company or region, and no contracts, when it is a reseller's client or unknown).
   */
  private async one(shard: TShard, first: string, last: string, only: string): Promise<BillableClientRow[]> {
    const [row] = await this.db.client(shard).$queryRaw<{ uuid: string | null; company_name: string; region: string; contracts: OneContractJson[] }[]>`
      SELECT c.uuid::text AS uuid, c.company_name, c.region,
        (SELECT coalesce(json_agg(json_build_object(
                  'id', k.id, 'product', k.product, 'plan_id', k.plan_id, 'currency', k.currency, 'monthly_amount', k.monthly_amount,
                  'effective_from', k.effective_from, 'billing_start', k.billing_start, 'ends_on', k.ends_on, 'penalty_months', k.penalty_months,
                  'items', (SELECT coalesce(json_agg(json_build_object('plan_id', i.plan_id, 'type', i.type, 'name', i.name, 'amount', i.amount)), '[]'::json)
                              FROM contract_items i WHERE i.contract_id = k.id))
                ORDER BY k.effective_from, k.id), '[]'::json)
           FROM contracts k
          WHERE k.client_uuid = ${only}::uuid AND k.status IN ('scheduled', 'cancelling', 'ended') AND k.effective_from <= ${last}::date
            AND (k.ends_on IS NULL OR k.ends_on >= ${first}::date)) AS contracts
      FROM (SELECT ${only}::uuid AS only_uuid) o LEFT JOIN clients c ON c.uuid = o.only_uuid AND c.contract_type <> 'reseller'`;
    if (!row || row.contracts.length === 0) return [];
    if (!row.uuid) return [{ uuid: only, companyName: '', region: '', contracts: [] }];
    return [{
      uuid: only, companyName: row.company_name, region: row.region,
      contracts: row.contracts.map((k) => ({
        id: k.id, clientUuid: only, product: k.product, planId: k.plan_id, currency: k.currency, monthlyAmount: k.monthly_amount, effectiveFrom: k.effective_from,
        billingStart: k.billing_start, endsOn: k.ends_on, penaltyMonths: k.penalty_months,
        items: k.items.map((i) => ({ planId: i.plan_id, type: i.type, name: textMap(i.name), amount: i.amount })),
      })),
    }];
  }

  /** Clients in `uuids` order with their contracts; a client left out (a reseller's, or none) has no row data and no contracts. */
  private rows(uuids: readonly string[], clients: ClientRow[], contracts: ContractRow[]): BillableClientRow[] {
    const byClient = new Map<string, BillableClientRow>();
    for (const c of clients) byClient.set(c.uuid, { uuid: c.uuid, companyName: c.companyName, region: c.region, contracts: [] });
    for (const row of contracts) {
      byClient.get(row.clientUuid)?.contracts.push({
        id: row.id, clientUuid: row.clientUuid, product: row.product, planId: row.planId, currency: row.currency, monthlyAmount: row.monthlyAmount,
        effectiveFrom: isoDate(row.effectiveFrom), billingStart: row.billingStart ? isoDate(row.billingStart) : null,
        endsOn: row.endsOn ? isoDate(row.endsOn) : null, penaltyMonths: row.penaltyMonths,
        items: row.items.map((i) => ({ planId: i.planId, type: i.type, name: textMap(i.name), amount: i.amount })),
      });
    }
    // Clients in uuid order; a page whose clients were all left out still moves the cursor.
    return uuids.map((u) => byClient.get(u) ?? { uuid: u, companyName: '', region: '', contracts: [] });
  }
}
