import { describe, expect, it } from 'vitest';
import { PLAN_MASTER_PACKAGE_IDS, REGIONS, REGION_PROFILES, REQUIRED_TEXT_LANGUAGES, planRole } from '@portal/proto';
import { isOfferedToClients, validatePlan, type RelatedRow } from '../services/licence/src/plan-master/plan-master.rules.js';
import { packageUnsold } from '../services/licence/src/plans/plans.rules.js';
import { DEMO_PLAN_LINKS, DEMO_PLANS } from './seed-plan-master.js';

/** Issue 22, point 5: the seeded plan master is complete and passes the master's own rules. */
describe('the seeded plan master', () => {
  const related = new Map<string, RelatedRow>(DEMO_PLANS.map((p) => [p.id, { id: p.id, product: p.product, type: p.type, status: p.status ?? 'available' }]));
  const linksOf = (id: string, kind: 'contractable' | 'exclusive') => kind === 'contractable'
    ? [...(DEMO_PLAN_LINKS.contractable[id] ?? []), ...Object.entries(DEMO_PLAN_LINKS.contractable).filter(([, o]) => o.includes(id)).map(([p]) => p)]
    : DEMO_PLAN_LINKS.exclusive.filter((pair) => pair.includes(id)).map(([a, b]) => (a === id ? b : a));

  it('passes the rules an operator\'s edit must pass, Japanese and English names included', () => {
    for (const p of DEMO_PLANS) {
      const errors = validatePlan({
        id: p.id, product: p.product, name: { 'ja-jp': p.ja, 'en-us': p.en, ...p.more }, type: p.type, scheme: p.scheme ?? 'legacy', status: p.status ?? 'available',
        billingType: p.billingType ?? 'fixed', amountJpy: p.jpy, amountUsd: p.usd, unitValue: p.metered?.unitValue ?? null, unit: p.metered?.unit ?? null,
        rangeLower: p.metered?.lower ?? null, rangeUpper: p.metered?.upper ?? null, initialCostPlanId: p.initialCost ?? null,
        contractable: linksOf(p.id, 'contractable'), exclusive: linksOf(p.id, 'exclusive'), grants: p.grants ?? [],
      }, related);
      expect({ id: p.id, errors }).toEqual({ id: p.id, errors: {} });
      for (const language of REQUIRED_TEXT_LANGUAGES) expect(language === 'ja-jp' ? p.ja : p.en).toBeTruthy();
    }
  });

  it('offers a plan (or the free plan) of every product each region offers, in the region\'s currency', () => {
    for (const region of REGIONS) {
      const currency = REGION_PROFILES[region].currency;
      for (const product of REGION_PROFILES[region].products) {
        const offered = DEMO_PLANS.filter((p) => p.product === product && planRole(p.type) === 'plan' && isOfferedToClients(p.status ?? 'available')
          && (currency === 'JPY' ? p.jpy : p.usd) !== null);
        expect({ region, product, plans: offered.length > 0 }).toEqual({ region, product, plans: true });
      }
    }
  });

  it('has the three packages, each with a plan in JPY and in USD that grants products and is sold where they are offered', () => {
    for (const pkg of PLAN_MASTER_PACKAGE_IDS) {
      const plans = DEMO_PLANS.filter((p) => p.product === pkg && p.type === 'plan');
      const grants = (p: (typeof plans)[number]) => ({ product: p.product, grants: p.grants ?? [] });
      expect(plans.some((p) => p.jpy !== null && p.jpy > 0 && !packageUnsold(grants(p), 'jpn'))).toBe(true);
      expect(plans.some((p) => p.usd !== null && p.usd > 0 && !packageUnsold(grants(p), 'usa') && !packageUnsold(grants(p), 'tha'))).toBe(true);
    }
  });
});
