import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/harness.js';
import { DEMO_PLANS } from '../../scripts/seed-plan-master.js';

describe('plan master (issue 10, slice B)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('seeds a master for bownow, lpbuilder, actibook and cocoar in both currencies, with exclusive options stored both ways', async () => {
    const rows = await db.query<{ product: string; n: number; jpy: number; usd: number }>(
      'SELECT product, count(*)::int AS n, count(amount_jpy)::int AS jpy, count(amount_usd)::int AS usd FROM global_licence.plans GROUP BY product ORDER BY product');
    expect(rows.map((r) => r.product)).toEqual(['actibook', 'bownow', 'cocoar', 'lpbuilder']);
    expect(rows.reduce((n, r) => n + r.n, 0)).toBe(DEMO_PLANS.length);
    expect(rows.find((r) => r.product === 'lpbuilder')!.usd).toBe(0);
    expect(rows.find((r) => r.product === 'bownow')!.usd).toBeGreaterThan(5);
    const exclusive = await db.query<{ plan_id: string; other_id: string }>(
      "SELECT plan_id, other_id FROM global_licence.plan_links WHERE kind = 'exclusive' AND plan_id LIKE 'bownow%' ORDER BY plan_id");
    expect(exclusive).toEqual([
      { plan_id: 'bownow_opt_crm_advanced', other_id: 'bownow_opt_crm_basic' },
      { plan_id: 'bownow_opt_crm_basic', other_id: 'bownow_opt_crm_advanced' },
    ]);
  });
});
