import { Inject, Injectable } from '@nestjs/common';
import { normaliseDecimal } from '@portal/service-common/money';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { FxRateModel } from '../generated/prisma/models.js';
import type { BillingDb, Tx } from '../db.js';

/** A row of `fx_rates`: the standard rate (yen per dollar) in force from `appliesAt` until the next row. */
export interface FxRateRecord {
  id: string;
  base: 'USD';
  quote: 'JPY';
  /** A plain decimal string ("150.25"), never a float. */
  rate: string;
  appliesAt: Date;
  createdBy: string | null;
  createdAt: Date;
}

function toRecord(row: FxRateModel): FxRateRecord {
  return {
    id: row.id, base: 'USD', quote: 'JPY', rate: normaliseDecimal(row.rate.toFixed(6)), appliesAt: row.appliesAt,
    createdBy: row.createdBy, createdAt: row.createdAt,
  };
}

const PAIR = { base: 'USD', quote: 'JPY' } as const;

/** The standard USD→JPY rate with its history (global shard). Rows are only ever added. */
@Injectable()
export class FxRatesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  /** The global shard's client, for reads outside a unit of work. */
  get global(): Tx {
    return this.db.client('global');
  }

  /** Every row, newest first, at most `limit`. */
  async history(tx: Tx, limit = 200): Promise<FxRateRecord[]> {
    const rows = await tx.fxRate.findMany({ where: PAIR, orderBy: { appliesAt: 'desc' }, take: limit });
    return rows.map(toRecord);
  }

  async get(tx: Tx, id: string): Promise<FxRateRecord | null> {
    const row = await tx.fxRate.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** Adds a rate; null when a row already applies from that exact time. */
  async add(tx: Tx, fields: { rate: string; appliesAt: Date; createdBy: string | null }): Promise<FxRateRecord | null> {
    const [row] = await tx.fxRate.createManyAndReturn({ data: [{ ...PAIR, rate: fields.rate, appliesAt: fields.appliesAt, createdBy: fields.createdBy }], skipDuplicates: true });
    return row ? toRecord(row) : null;
  }

  /** Removes a scheduled rate (the caller checks it is not yet in force). */
  async remove(tx: Tx, id: string): Promise<boolean> {
    return (await tx.fxRate.deleteMany({ where: { id } })).count === 1;
  }
}
