import { Inject, Injectable } from '@nestjs/common';
import type { TTaxCategory, TTaxCountry } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { normaliseDecimal } from '@portal/service-common/money';
import type { RateTables } from '@portal/service-common/rates';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { TaxRateModel } from '../generated/prisma/models.js';
import type { BillingDb, Tx } from '../db.js';

/** A row of `tax_rates`: in force for its country and category from `appliesFrom` until the next row. */
export interface TaxRateRecord {
  id: string;
  country: TTaxCountry;
  category: TTaxCategory;
  /** Tenths of a percent (10.0 % = 100). */
  rateTenths: number;
  appliesFrom: IsoDate;
  createdBy: string | null;
  createdAt: Date;
}

const isoDate = (d: Date): IsoDate => d.toISOString().slice(0, 10);
const dateOnly = (d: IsoDate): Date => new Date(`${d}T00:00:00.000Z`);

function toRecord(row: TaxRateModel): TaxRateRecord {
  return {
    id: row.id, country: row.country as TTaxCountry, category: row.category as TTaxCategory, rateTenths: row.rateTenths,
    appliesFrom: isoDate(row.appliesFrom), createdBy: row.createdBy, createdAt: row.createdAt,
  };
}

/**
 * Tax rates with their history (global shard, master data for every region). Rows are only ever
 * added: a past invoice's rate stays findable by its date, and the invoice snapshots it anyway.
 */
@Injectable()
export class TaxRatesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: BillingDb) {}

  /** The global shard's client, for reads outside a unit of work. */
  get global(): Tx {
    return this.db.client('global');
  }

  /**
   * What pricing an invoice reads, in one statement (the master data of every quote, every
   * /billing/list preview and every billing run): the country's tax-rate history and, unless
   * `withFx` is false, the standard USD→JPY history. Which row applies is decided by the one rule
   * in services/common/src/rates.ts (`ratesForInvoice`), never here. Both tables are short (a row
   * per change).
   */
  async rateTables(tx: Tx, country: TTaxCountry, withFx: boolean): Promise<RateTables<TTaxCountry, TTaxCategory>> {
    const [row] = await tx.$queryRaw<{ tax: { category: TTaxCategory; rate_tenths: number; applies_from: IsoDate }[]; fx: { rate: string; applies_at: string }[] }[]>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('category', t.category, 'rate_tenths', t.rate_tenths, 'applies_from', t.applies_from)), '[]'::json)
           FROM tax_rates t WHERE t.country = ${country}) AS tax,
        (SELECT coalesce(json_agg(json_build_object('rate', round(f.rate, 6)::text, 'applies_at', f.applies_at)), '[]'::json)
           FROM fx_rates f WHERE ${withFx} AND f.base = 'USD' AND f.quote = 'JPY') AS fx`;
    return {
      tax: (row?.tax ?? []).map((t) => ({ country, category: t.category, rate_tenths: t.rate_tenths, applies_from: t.applies_from })),
      fx: (row?.fx ?? []).map((f) => ({ rate: normaliseDecimal(f.rate), applies_at: new Date(f.applies_at) })),
    };
  }

  /** Every row (optionally of one country), newest first within a country. */
  async history(tx: Tx, country?: TTaxCountry): Promise<TaxRateRecord[]> {
    const rows = await tx.taxRate.findMany({
      where: country ? { country } : {},
      orderBy: [{ country: 'asc' }, { category: 'asc' }, { appliesFrom: 'desc' }],
    });
    return rows.map(toRecord);
  }

  async get(tx: Tx, id: string): Promise<TaxRateRecord | null> {
    const row = await tx.taxRate.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** Adds a rate; null when the country and category already have a row applying from that date. */
  async add(tx: Tx, fields: { country: TTaxCountry; category: TTaxCategory; rateTenths: number; appliesFrom: IsoDate; createdBy: string | null }): Promise<TaxRateRecord | null> {
    // ON CONFLICT DO NOTHING: a date already taken (even by a concurrent add) answers null without aborting the transaction.
    const [row] = await tx.taxRate.createManyAndReturn({ data: [{ ...fields, appliesFrom: dateOnly(fields.appliesFrom) }], skipDuplicates: true });
    return row ? toRecord(row) : null;
  }

  /** Removes a scheduled rate (the caller checks it is not yet in force); false when it was not there. */
  async remove(tx: Tx, id: string): Promise<boolean> {
    return (await tx.taxRate.deleteMany({ where: { id } })).count === 1;
  }
}
