/**
 * Issue 11, slice C1: tax rates with history and the standard USD→JPY rate (global billing schema).
 * Idempotent: inserts only the rows that are missing.
 */
import type pg from 'pg';
import { schemaName } from '@portal/service-common/db/shard-map';

/**
 * Japan's consumption tax with its history (standard 5 % from 1997-04, 8 % from 2014-04, 10 % from
 * 2019-10; the reduced rate for food and newspapers 8 % from 2019-10, the standard rate before it).
 * Overseas clients bear their local taxes themselves (spec §1): 0.0 % until an operator adds a rate
 * (docs/decisions.md, slice C1). Rates in tenths of a percent.
 */
export const SEED_TAX_RATES: readonly { country: string; category: 'standard' | 'reduced'; rateTenths: number; appliesFrom: string }[] = [
  { country: 'jpn', category: 'standard', rateTenths: 50, appliesFrom: '1997-04-01' },
  { country: 'jpn', category: 'standard', rateTenths: 80, appliesFrom: '2014-04-01' },
  { country: 'jpn', category: 'standard', rateTenths: 100, appliesFrom: '2019-10-01' },
  { country: 'jpn', category: 'reduced', rateTenths: 50, appliesFrom: '1997-04-01' },
  { country: 'jpn', category: 'reduced', rateTenths: 80, appliesFrom: '2014-04-01' },
  ...['usa', 'mys', 'chn', 'twn', 'vnm', 'tha', 'phl', 'sgp', 'idn', 'other'].map((country) => (
    { country, category: 'standard' as const, rateTenths: 0, appliesFrom: '2000-01-01' })),
];

/** The standard USD→JPY rate and its history (yen per dollar). */
export const SEED_FX_RATES: readonly { rate: string; appliesAt: string }[] = [
  { rate: '145.5', appliesAt: '2026-04-01T00:00:00+09:00' },
  { rate: '150.25', appliesAt: '2026-10-01T00:00:00+09:00' },
];

export async function seedTaxFx(client: pg.Client): Promise<number> {
  const billing = schemaName('global', 'billing');
  let inserted = 0;
  for (const r of SEED_TAX_RATES) {
    const result = await client.query(
      `INSERT INTO "${billing}".tax_rates (country, category, rate_tenths, applies_from) VALUES ($1, $2, $3, $4::date)
       ON CONFLICT (country, category, applies_from) DO NOTHING`,
      [r.country, r.category, r.rateTenths, r.appliesFrom],
    );
    inserted += result.rowCount ?? 0;
  }
  for (const r of SEED_FX_RATES) {
    const result = await client.query(
      `INSERT INTO "${billing}".fx_rates (base, quote, rate, applies_at) VALUES ('USD', 'JPY', $1::numeric, $2::timestamptz)
       ON CONFLICT (base, quote, applies_at) DO NOTHING`,
      [r.rate, r.appliesAt],
    );
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}
