import { Inject, Injectable } from '@nestjs/common';
import type {
  TCurrency, TPlanBillingType, TPlanContractKind, TPlanLinkKind, TPlanScheme, TPlanStatus, TPlanType,
} from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Prisma } from '../generated/prisma/client.js';
import type { PlanModel } from '../generated/prisma/models.js';
import type { LicenceDb, Tx } from '../db.js';
import { writtenAt } from '@portal/service-common/clock';

/** A plan-master row (plan, option or initial cost) as the service works with it. */
export interface PlanRecord {
  id: string;
  product: string;
  /** language -> text (ja-jp and en-us required by the master since issue 22; older rows may lack en-us). */
  name: Record<string, string>;
  type: TPlanType;
  scheme: TPlanScheme;
  status: TPlanStatus;
  contractKind: TPlanContractKind;
  billingType: TPlanBillingType;
  /** Integer minor units, excluding tax; null = not sold in that currency. */
  amountJpy: number | null;
  amountUsd: number | null;
  initialCostPlanId: string | null;
  /** Issue 22, initial costs only: charged on every change to its plan (else once per product). */
  perPlan: boolean;
  unitValue: number | null;
  unit: string | null;
  rangeLower: number | null;
  rangeUpper: number | null;
  explanation: Record<string, string>;
  /** Issue 22: a package plan's products (empty for any other row). */
  grants: string[];
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A row's links: the rows it can be contracted with, and the options it cannot be combined with. */
export interface PlanLinks {
  contractable: string[];
  exclusive: string[];
}

/** A row as plan application reads it (PlansRepository.forChoice). */
export type PlanChoiceRow = Pick<PlanRecord, 'id' | 'product' | 'name' | 'type' | 'status' | 'amountJpy' | 'amountUsd' | 'initialCostPlanId' | 'perPlan' | 'grants' | 'billingType' | 'unit' | 'unitValue'>;
interface PlanChoiceJson {
  id: string; product: string; name: Prisma.JsonValue; type: TPlanType; status: TPlanStatus; amount_jpy: number | null; amount_usd: number | null;
  initial_cost_plan_id: string | null; per_plan: boolean; grants: string[] | null; billing_type: TPlanBillingType; unit: string | null; unit_value: number | null;
}

export interface PlanListFilter {
  product?: string;
  type?: TPlanType;
  status?: TPlanStatus;
  /** Only rows sold in this currency (an amount is set). */
  currency?: TCurrency;
}

/** The fields a create or an edit writes (links apart). */
export type PlanFields = Omit<PlanRecord, 'createdAt' | 'updatedAt' | 'sortOrder'>;

function textMap(value: Prisma.JsonValue): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

function toRecord(row: PlanModel): PlanRecord {
  return {
    id: row.id, product: row.product, name: textMap(row.name), type: row.type as TPlanType, scheme: row.scheme as TPlanScheme,
    status: row.status as TPlanStatus, contractKind: row.contractKind as TPlanContractKind, billingType: row.billingType as TPlanBillingType,
    amountJpy: row.amountJpy, amountUsd: row.amountUsd, initialCostPlanId: row.initialCostPlanId, perPlan: row.perPlan, unitValue: row.unitValue, unit: row.unit,
    rangeLower: row.rangeLower, rangeUpper: row.rangeUpper, explanation: textMap(row.explanation), grants: row.grants ?? [], sortOrder: row.sortOrder,
    createdAt: row.createdAt, updatedAt: row.updatedAt,
  };
}

const ORDER = [{ product: 'asc' as const }, { sortOrder: 'asc' as const }, { id: 'asc' as const }];

/**
 * The plan master (global shard): `plans` and `plan_links` (docs/design/licence.md, slice B). Slice
 * C reads it for plan application and contracts; the operator screens write it.
 */
@Injectable()
export class PlansRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  private get global() {
    return this.db.client('global');
  }

  /** Rows by product, type, status and currency, in display order (product, then sort order). */
  async list(filter: PlanListFilter = {}): Promise<PlanRecord[]> {
    const where: Prisma.PlanWhereInput = {
      ...(filter.product ? { product: filter.product } : {}),
      ...(filter.type ? { type: filter.type } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.currency === 'JPY' ? { amountJpy: { not: null } } : filter.currency === 'USD' ? { amountUsd: { not: null } } : {}),
    };
    const rows = await this.global.plan.findMany({ where, orderBy: ORDER });
    return rows.map(toRecord);
  }

  async get(id: string): Promise<PlanRecord | null> {
    const row = await this.global.plan.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** The rows of these ids that exist (any order). */
  async getMany(ids: readonly string[]): Promise<PlanRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.global.plan.findMany({ where: { id: { in: [...ids] } }, orderBy: ORDER });
    return rows.map(toRecord);
  }

  /** One row's links. */
  async links(id: string): Promise<PlanLinks> {
    return (await this.linksOf([id])).get(id) ?? { contractable: [], exclusive: [] };
  }

  /** The links of several rows at once (every id asked is in the map). */
  async linksOf(ids: readonly string[]): Promise<Map<string, PlanLinks>> {
    const map = new Map<string, PlanLinks>(ids.map((id) => [id, { contractable: [], exclusive: [] }]));
    if (ids.length === 0) return map;
    const rows = await this.global.planLink.findMany({ where: { planId: { in: [...ids] } }, orderBy: [{ planId: 'asc' }, { otherId: 'asc' }] });
    for (const row of rows) map.get(row.planId)?.[row.kind as TPlanLinkKind].push(row.otherId);
    return map;
  }

  /**
   * A plan application's rows in one statement (every plan-change preview reads them): the rows
   * `ids` in display order, then the initial-cost rows they name that are not among them (as
   * getMany(ids) followed by getMany(costs)), and the links of `ids` (as linksOf(ids)). Only the
   * fields plan application uses.
   */
  async forChoice(ids: readonly string[]): Promise<{ rows: PlanChoiceRow[]; links: Map<string, PlanLinks> }> {
    const links = new Map<string, PlanLinks>(ids.map((id) => [id, { contractable: [], exclusive: [] }]));
    if (ids.length === 0) return { rows: [], links };
    const [row] = await this.global.$queryRaw<{ plans: PlanChoiceJson[]; links: { plan_id: string; other_id: string; kind: TPlanLinkKind }[] }[]>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', p.id, 'product', p.product, 'name', p.name, 'type', p.type, 'status', p.status,
                  'amount_jpy', p.amount_jpy, 'amount_usd', p.amount_usd, 'initial_cost_plan_id', p.initial_cost_plan_id, 'per_plan', p.per_plan, 'grants', p.grants,
                  'billing_type', p.billing_type, 'unit', p.unit, 'unit_value', p.unit_value)
                ORDER BY (p.id = ANY(${ids}::text[])) DESC, p.product, p.sort_order, p.id), '[]'::json)
           FROM plans p
          WHERE p.id = ANY(${ids}::text[])
             OR p.id IN (SELECT c.initial_cost_plan_id FROM plans c WHERE c.id = ANY(${ids}::text[]) AND c.initial_cost_plan_id IS NOT NULL)) AS plans,
        (SELECT coalesce(json_agg(json_build_object('plan_id', l.plan_id, 'other_id', l.other_id, 'kind', l.kind) ORDER BY l.plan_id, l.other_id), '[]'::json)
           FROM plan_links l WHERE l.plan_id = ANY(${ids}::text[])) AS links`;
    for (const l of row?.links ?? []) links.get(l.plan_id)?.[l.kind].push(l.other_id);
    return {
      rows: (row?.plans ?? []).map((p) => ({
        id: p.id, product: p.product, name: textMap(p.name), type: p.type, status: p.status, amountJpy: p.amount_jpy, amountUsd: p.amount_usd,
        initialCostPlanId: p.initial_cost_plan_id, perPlan: p.per_plan, grants: p.grants ?? [], billingType: p.billing_type, unit: p.unit, unitValue: p.unit_value,
      })),
      links,
    };
  }

  // ---- writes (operator screens; each in a unit of work on the global shard) ----

  /** Inserts a row at the end of its product's display order. */
  async create(tx: Tx, fields: PlanFields): Promise<PlanRecord> {
    const last = await tx.plan.aggregate({ where: { product: fields.product }, _max: { sortOrder: true } });
    const row = await tx.plan.create({ data: { ...fields, sortOrder: (last._max.sortOrder ?? 0) + 1 } });
    return toRecord(row);
  }

  /** Writes an edit when the row was last updated at `expectedUpdatedAt` (null: unknown id or an edit since). */
  async update(tx: Tx, id: string, fields: Omit<PlanFields, 'id'>, expectedUpdatedAt?: Date): Promise<PlanRecord | null> {
    const written = await tx.plan.updateMany({ where: { id, ...(expectedUpdatedAt ? { updatedAt: expectedUpdatedAt } : {}) }, data: { ...fields, updatedAt: writtenAt() } });
    if (written.count !== 1) return null;
    return toRecord(await tx.plan.findUniqueOrThrow({ where: { id } }));
  }

  /**
   * Replaces a row's links. Contractable links are stored both ways (a plan lists its options, an
   * option its plans), exclusive links too (both options refuse each other).
   */
  async replaceLinks(tx: Tx, id: string, links: PlanLinks): Promise<void> {
    await tx.planLink.deleteMany({ where: { OR: [{ planId: id }, { otherId: id }] } });
    const rows: Prisma.PlanLinkCreateManyInput[] = [];
    for (const kind of ['contractable', 'exclusive'] as const) {
      for (const other of new Set(links[kind])) {
        if (other === id) continue;
        rows.push({ planId: id, otherId: other, kind }, { planId: other, otherId: id, kind });
      }
    }
    if (rows.length > 0) await tx.planLink.createMany({ data: rows, skipDuplicates: true });
  }

  /** Sets the display order of a product's rows: `ids` in order (ids of other products are ignored). */
  async reorder(tx: Tx, product: string, ids: readonly string[]): Promise<number> {
    let n = 0;
    for (const [index, id] of ids.entries()) {
      const r = await tx.plan.updateMany({ where: { id, product }, data: { sortOrder: index + 1 } });
      n += r.count;
    }
    return n;
  }
}
