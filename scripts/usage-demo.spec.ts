import { describe, expect, it } from 'vitest';
import { PRODUCT_EVENT_TYPES, REGION_PROFILES } from '@portal/proto';
import { DEMO_USAGE_CLIENTS, demoDay } from '../services/usage-log/src/usage/usage-demo.js';
import { judgeUsageEvents } from '../services/common/src/usage-ingest.js';
import { DEMO_CLIENT_PRODUCTS, DEMO_IDS } from './seed.js';

describe('demo usage (issue 13)', () => {
  it('goes to the demo clients of the seed, for the products they hold, in their regions', () => {
    expect(Object.fromEntries(DEMO_USAGE_CLIENTS.map((c) => [c.client, [...c.products]]))).toEqual(
      Object.fromEntries(Object.entries(DEMO_CLIENT_PRODUCTS).map(([client, products]) => [client, [...products]])));
    expect(DEMO_USAGE_CLIENTS.find((c) => c.client === DEMO_IDS.usClient)?.region).toBe('usa');
    expect(DEMO_USAGE_CLIENTS.find((c) => c.client === DEMO_IDS.thClient)?.region).toBe('tha');
    for (const c of DEMO_USAGE_CLIENTS) for (const p of c.products) {
      expect(PRODUCT_EVENT_TYPES[p], p).toBeDefined();
      expect(REGION_PROFILES[c.region].products).toContain(p);
    }
  });

  it('makes a day of events the ingestion path accepts, on that day in the region zone, the same on every run', () => {
    for (const c of DEMO_USAGE_CLIENTS) {
      const raw = demoDay(c.region, c.client, c.products[0]!, '2026-06-15', c.scale, 200);
      const judged = judgeUsageEvents(c.products[0]!, raw, c.region, new Date('2026-06-16T23:59:59Z'));
      expect(judged.rejected).toEqual([]);
      expect(judged.events.length).toBeGreaterThan(10);
      expect(new Set(judged.events.map((e) => e.day))).toEqual(new Set(['2026-06-15']));
      expect(demoDay(c.region, c.client, c.products[0]!, '2026-06-15', c.scale, 200)).toEqual(raw);
    }
  });
});
