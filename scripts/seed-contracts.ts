/**
 * Slice C (issue 10): the demo contracts (docs/design/licence.md "Seed"): owner@example.com's
 * client holds bownow paid from 2026-04 with an option (the standard plan, CRM link basic and the
 * initial cost), owner-us@example.com's client actibook paid in USD from 2026-06. Each has the
 * allowed application behind it. Names and amounts are read from the seeded plan master, so they
 * match it. Idempotent: fixed ids, inserts only what is missing.
 */
import type pg from 'pg';
import { schemaName } from '@portal/service-common/db/shard-map';

interface DemoContract {
  id: string;
  applicationId: string;
  shard: 'jpn' | 'usa';
  client: string;
  product: string;
  plan: string;
  options: string[];
  currency: 'JPY' | 'USD';
  effectiveFrom: string;
  minimumTermEnd: string;
  corporateName: string;
  corporateNumber: string;
  location: string;
  representative: string;
  applicant: { uuid: string; email: string; name: string; language: string };
}

const MONTHLY = new Set(['plan', 'option', 'option_monthly']);

export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    id: '0b9f3c5e-7a1d-4c2e-9f00-00000000c101', applicationId: '0b9f3c5e-7a1d-4c2e-9f00-00000000c201', shard: 'jpn',
    client: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', product: 'bownow', plan: 'bownow_standard', options: ['bownow_opt_crm_basic'], currency: 'JPY',
    effectiveFrom: '2026-04-01', minimumTermEnd: '2027-03-31', corporateName: 'デモ商事株式会社', corporateNumber: '6010001000001',
    location: '東京都千代田区丸の内１－１－１', representative: '山田 一郎',
    applicant: { uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a003', email: 'owner@example.com', name: '山田 一郎', language: 'ja-jp' },
  },
  {
    id: '0b9f3c5e-7a1d-4c2e-9f00-00000000c102', applicationId: '0b9f3c5e-7a1d-4c2e-9f00-00000000c202', shard: 'usa',
    client: '0b9f3c5e-7a1d-4c2e-9f00-000000000201', product: 'actibook', plan: 'actibook_standard', options: [], currency: 'USD',
    effectiveFrom: '2026-06-01', minimumTermEnd: '2027-05-31', corporateName: 'Demo Corp.', corporateNumber: '', location: '', representative: 'Alex Smith',
    applicant: { uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000a006', email: 'owner-us@example.com', name: 'Alex Smith', language: 'en-us' },
  },
];

/** Inserts the demo contracts (after the plan master); returns the rows inserted. */
export async function seedContracts(client: pg.Client): Promise<number> {
  const master = schemaName('global', 'licence');
  let inserted = 0;
  for (const c of DEMO_CONTRACTS) {
    const licence = schemaName(c.shard, 'licence');
    const exists = await client.query(`SELECT 1 FROM "${licence}".contracts WHERE id = $1`, [c.id]);
    if (exists.rowCount) continue;
    const amountColumn = c.currency === 'JPY' ? 'amount_jpy' : 'amount_usd';
    const plans = await client.query<{ id: string; type: string; name: Record<string, string>; amount: number | null; initial_cost_plan_id: string | null }>(
      `SELECT id, type, name, ${amountColumn} AS amount, initial_cost_plan_id FROM "${master}".plans WHERE id = ANY($1)`, [[c.plan, ...c.options]],
    );
    if (plans.rowCount !== 1 + c.options.length) continue; // the plan master is not seeded: nothing to contract
    const costIds = plans.rows.map((p) => p.initial_cost_plan_id).filter((id): id is string => !!id);
    const costs = costIds.length
      ? (await client.query<{ id: string; type: string; name: Record<string, string>; amount: number | null }>(
        `SELECT id, type, name, ${amountColumn} AS amount FROM "${master}".plans WHERE id = ANY($1)`, [[...new Set(costIds)]])).rows
      : [];
    const items = [...plans.rows.sort((a, b) => (a.id === c.plan ? -1 : b.id === c.plan ? 1 : a.id.localeCompare(b.id))), ...costs];
    const monthly = items.filter((i) => MONTHLY.has(i.type)).reduce((s, i) => s + (i.amount ?? 0), 0);
    await client.query(
      `INSERT INTO "${licence}".plan_applications (id, client_uuid, account_uuid, applicant_email, applicant_name, language, product, plan_id, option_ids,
         contract_kind, corporate_name, corporate_number, location, representative, currency, monthly_amount, effective_from, status, reviewed_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::date, 'allowed', $17::date - 10, $17::date - 12) ON CONFLICT (id) DO NOTHING`,
      [c.applicationId, c.client, c.applicant.uuid, c.applicant.email, c.applicant.name, c.applicant.language, c.product, c.plan, c.options,
        c.corporateNumber ? 'corporation' : 'personal', c.corporateName, c.corporateNumber, c.location, c.representative, c.currency, monthly, c.effectiveFrom],
    );
    await client.query(
      `INSERT INTO "${licence}".contracts (id, client_uuid, product, plan_id, currency, monthly_amount, status, application_id, effective_from, billing_start,
         minimum_term_end, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'scheduled', $7, $8::date, $8::date, $9::date, $8::date - 10, now()) ON CONFLICT (id) DO NOTHING`,
      [c.id, c.client, c.product, c.plan, c.currency, monthly, c.applicationId, c.effectiveFrom, c.minimumTermEnd],
    );
    for (const item of items) {
      await client.query(
        `INSERT INTO "${licence}".contract_items (id, contract_id, plan_id, type, name, amount) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`,
        [c.id, item.id, item.type, JSON.stringify(item.name), item.amount ?? 0],
      );
    }
    inserted += 1;
  }
  return inserted;
}
