import { Inject, Injectable } from '@nestjs/common';
import type { TTaxCategory, TTaxCountry } from '@portal/proto';
import type { IsoDate } from '@portal/service-common/business-dates';
import { normaliseDecimal } from '@portal/service-common/money';
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

/** The tax rates and the standard FX rate an invoice is priced with. */
export interface PricingRates {
  rates: Pick<TaxRateRecord, 'category' | 'rateTenths' | 'appliesFrom'>[];
  fx: { rate: string; appliesAt: Date } | null;
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

  /** The rate in force for a country and category on a date (the latest row applying on or before it), or null. */
  async rateOn(tx: Tx, country: TTaxCountry, date: IsoDate, category: TTaxCategory = 'standard'): Promise<TaxRateRecord | null> {
    const row = await tx.taxRate.findFirst({
      where: { country, category, appliesFrom: { lte: dateOnly(date) } },
      orderBy: { appliesFrom: 'desc' },
    });
    return row ? toRecord(row) : null;
  }

  /** The rates in force on a date for every category the country has (a category without a row is absent). */
  async ratesOn(tx: Tx, country: TTaxCountry, date: IsoDate): Promise<TaxRateRecord[]> {
    const rows = await tx.taxRate.findMany({
      where: { country, appliesFrom: { lte: dateOnly(date) } },
      orderBy: [{ category: 'asc' }, { appliesFrom: 'desc' }],
      distinct: ['category'],
    });
    return rows.map(toRecord);
  }

  /**
   * What pricing an invoice reads, in one statement (the master data of every quote and of every
   * /billing/list preview): the rates in force for the country on `date` (as ratesOn), and the
   * standard USD→JPY rate in force at `fxAt` (as FxRatesRepository.standardAt; not read when null).
   */
  async pricingRates(tx: Tx, country: TTaxCountry, date: IsoDate, fxAt: Date | null): Promise<PricingRates> {
    const [row] = await tx.$queryRaw<{ tax: { category: TTaxCategory; rate_tenths: number; applies_from: IsoDate }[]; fx: { rate: string; applies_at: string } | null }[]>`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('category', t.category, 'rate_tenths', t.rate_tenths, 'applies_from', t.applies_from) ORDER BY t.category), '[]'::json)
           FROM (SELECT DISTINCT ON (category) category, rate_tenths, applies_from FROM tax_rates
                  WHERE country = ${country} AND applies_from <= ${date}::date ORDER BY category, applies_from DESC) t) AS tax,
        (SELECT json_build_object('rate', round(f.rate, 6)::text, 'applies_at', f.applies_at) FROM fx_rates f
          WHERE ${fxAt !== null} AND f.base = 'USD' AND f.quote = 'JPY' AND f.applies_at <= ${fxAt ?? new Date(0)}::timestamptz
          ORDER BY f.applies_at DESC LIMIT 1) AS fx`;
    return {
      rates: (row?.tax ?? []).map((t) => ({ category: t.category, rateTenths: t.rate_tenths, appliesFrom: t.applies_from })),
      fx: row?.fx ? { rate: normaliseDecimal(row.fx.rate), appliesAt: new Date(row.fx.applies_at) } : null,
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
