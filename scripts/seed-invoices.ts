/**
 * Issue 11, slice C2: last month's invoices for the demo clients (docs/design/billing.md "Seed"):
 * owner@example.com's client paid by card, owner-us@example.com's client still scheduled (USD shown,
 * yen charged at the seeded standard rate). Priced from the demo contracts' monthly items with
 * slice C1's pricing, so the amounts match the contracts. Idempotent: one invoice per (client, month).
 */
import type pg from 'pg';
import { addMonths, businessDate, firstOfMonth, lastOfMonth, monthOf } from '@portal/service-common/business-dates';
import { schemaName } from '@portal/service-common/db/shard-map';
import { invoiceDateOf, type RateTables } from '@portal/service-common/rates';
import type { TTaxCategory, TTaxCountry } from '@portal/proto';
import { priceWithTables } from '../services/billing/src/pricing/pricing.js';
import { DEMO_CONTRACTS } from './seed-contracts.js';
import { SEED_FX_RATES, SEED_TAX_RATES } from './seed-tax-fx.js';

const SEED_RATE_TABLES: RateTables<TTaxCountry, TTaxCategory> = {
  tax: SEED_TAX_RATES.map((r) => ({ country: r.country as TTaxCountry, category: r.category, rate_tenths: r.rateTenths, applies_from: r.appliesFrom })),
  fx: SEED_FX_RATES.map((r) => ({ rate: r.rate, applies_at: new Date(r.appliesAt) })),
};

const MONTHLY = new Set(['plan', 'option', 'option_monthly']);
const KIND: Record<string, string> = { plan: 'plan', option: 'option_monthly', option_monthly: 'option_monthly' };
const ISSUER = '株式会社ポータル';

export async function seedInvoices(client: pg.Client, now = new Date()): Promise<number> {
  const month = monthOf(addMonths(firstOfMonth(businessDate(now)), -1));
  const issuedOn = `${month}-01`;
  const billingDate = lastOfMonth(issuedOn);
  let inserted = 0;
  for (const c of DEMO_CONTRACTS) {
    const billing = schemaName(c.shard, 'billing');
    const licence = schemaName(c.shard, 'licence');
    if ((await client.query(`SELECT 1 FROM "${billing}".invoices WHERE client_uuid = $1 AND month = $2`, [c.client, month])).rowCount) continue;
    const items = (await client.query<{ plan_id: string; type: string; name: Record<string, string>; amount: number }>(
      `SELECT plan_id, type, name, amount FROM "${licence}".contract_items WHERE contract_id = $1 ORDER BY plan_id`, [c.id])).rows.filter((i) => MONTHLY.has(i.type) && i.amount > 0);
    if (items.length === 0) continue; // no contracts seeded
    const country = c.shard;
    // Issue 23: the rates of the invoice date by the one rule (common/rates.ts), as the billing run prices it.
    const priced = priceWithTables(SEED_RATE_TABLES, {
      country, invoice_date: invoiceDateOf(month),
      lines: items.map((i) => ({ amount_minor: i.amount, currency: c.currency, tax_category: 'standard' as const })),
    });
    const standardTenths = priced.per_rate[0]?.rate_tenths ?? 0;
    const paid = c.shard === 'jpn';
    const seq = (await client.query<{ seq: string }>(`SELECT nextval(pg_get_serial_sequence('"${billing}".invoices', 'seq')) AS seq`)).rows[0]!.seq;
    const number = `${c.shard.toUpperCase()}-${month.replace('-', '')}-${seq.padStart(6, '0')}`;
    const invoice = await client.query<{ id: string }>(
      `INSERT INTO "${billing}".invoices (number, seq, client_uuid, month, issued_on, billing_date, company_name, language, currency, subtotal_minor, tax_minor,
         total_minor, charge_currency, charge_total_minor, tax_summary, fx_rate, fx_rate_at, issuer_name, issuer_registration, status, payment_method,
         charge_attempts, next_charge_on, paid_at)
       VALUES ($1, $2, $3, $4, $5::date, $6::date, $7, $8, $9, $10, $11, $12, 'JPY', $13, $14::jsonb, $15, $16, $17, $18, $19, 'card', $20, $21::date, $22)
       RETURNING id`,
      [number, Number(seq), c.client, month, issuedOn, billingDate, c.corporateName, c.applicant.language, c.currency, priced.subtotal_minor, priced.tax_minor,
        priced.total_minor, priced.charge_total_minor,
        JSON.stringify(priced.per_rate.map((r) => ({ rate_tenths: r.rate_tenths, subtotal_minor: r.subtotal_minor, tax_minor: r.tax_minor }))),
        priced.fx?.rate ?? null, priced.fx?.applies_at ?? null, ISSUER, country === 'jpn' ? 'T6010001000001' : '', paid ? 'paid' : 'scheduled',
        paid ? 1 : 0, paid ? null : billingDate, paid ? `${billingDate}T01:00:00Z` : null],
    );
    for (const [position, i] of items.entries()) {
      await client.query(
        `INSERT INTO "${billing}".invoice_lines (invoice_id, position, kind, product, plan_id, contract_id, name, quantity, unit_minor, amount_minor, tax_rate_tenths, period_from, period_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 1, $8, $8, $9, $10::date, $11::date)`,
        [invoice.rows[0]!.id, position, KIND[i.type], c.product, i.plan_id, c.id, JSON.stringify(i.name), i.amount, standardTenths, issuedOn, billingDate],
      );
    }
    inserted += 1;
  }
  return inserted;
}
