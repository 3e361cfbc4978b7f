import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_PRODUCT_IDS, METRIC_SETS, ZUsageDashboardQuery, addMonths, bucketStart, bucketsOf, quickRange, termRange, withinOneYear, zonedDate,
} from './index.js';

describe('usage ranges (pure)', () => {
  it('terms end today and go back whole months, the 31st clipped to the shorter month', () => {
    expect(termRange('latest', '2026-11-24')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(termRange('month_1', '2026-03-31')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(termRange('month_1', '2026-03-30')).toEqual({ from: '2026-03-01', to: '2026-03-30' });
    expect(termRange('month_3', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect(termRange('month_6', '2026-08-31')).toEqual({ from: '2026-03-01', to: '2026-08-31' });
    expect(termRange('year_1', '2028-02-29')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(termRange('year_1', '2026-11-24')).toEqual({ from: '2025-11-25', to: '2026-11-24' });
  });

  it('quick ranges at month ends and across the year', () => {
    expect(quickRange('last_30_days', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(quickRange('this_month', '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quickRange('last_month', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(quickRange('last_month', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(quickRange('two_months_ago', '2026-01-31')).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    expect(quickRange('last_month', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it('"today" is the date in the client\'s zone: one instant is two dates in Tokyo and New York', () => {
    const instant = '2026-04-30T16:30:00Z';
    expect(zonedDate(instant, 'Asia/Tokyo')).toBe('2026-05-01');
    expect(zonedDate(instant, 'America/New_York')).toBe('2026-04-30');
    expect(quickRange('this_month', zonedDate(instant, 'Asia/Tokyo'))).toEqual({ from: '2026-05-01', to: '2026-05-01' });
    expect(quickRange('this_month', zonedDate(instant, 'America/New_York'))).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('buckets by day, ISO week (Monday) or Sunday week, and calendar month, the first clipped to the range', () => {
    expect(bucketStart('2026-11-29', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-11-29', 'week', 0)).toBe('2026-11-29');
    expect(bucketStart('2026-11-29', 'month')).toBe('2026-11-01');
    expect(bucketsOf({ from: '2026-11-26', to: '2026-12-08' }, 'week')).toEqual(['2026-11-26', '2026-11-30', '2026-12-07']);
    expect(bucketsOf({ from: '2026-01-31', to: '2026-04-01' }, 'month')).toEqual(['2026-01-31', '2026-02-01', '2026-03-01', '2026-04-01']);
    expect(bucketsOf(termRange('year_1', '2026-11-24'), 'day')).toHaveLength(365);
  });

  it('at most one year: 366 days in a leap span pass, a day more is refused with its own key on "from"', () => {
    expect(withinOneYear({ from: '2027-03-01', to: '2028-02-29' })).toBe(true);
    expect(withinOneYear({ from: '2027-02-28', to: '2028-02-28' })).toBe(false);
    const refused = ZUsageDashboardQuery.safeParse({ from: '2025-11-24', to: '2026-11-24', unit: 'day' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0] as unknown).toMatchObject({ path: ['from'], params: { key: 'usage.range_too_long' } });
    expect(ZUsageDashboardQuery.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
    expect(ZUsageDashboardQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error?.issues[0] as unknown).toMatchObject({ params: { key: 'usage.range_order' } });
  });

  it('every dashboard product has a metric set with charts; donuts name a dimension, lines and bars none', () => {
    for (const p of DASHBOARD_PRODUCT_IDS) {
      const set = METRIC_SETS[p];
      expect(set.charts.length).toBeGreaterThan(0);
      for (const c of set.charts) expect(Boolean(c.dimension)).toBe(c.kind === 'donut');
    }
    expect(METRIC_SETS.plusdb.apiStatus).toBeTruthy();
    expect(METRIC_SETS.bownow.topPages).toBe(true);
  });
});

describe('usage routes', () => {
  it('has one dashboard route per dashboard product, named logs_<product>, at /logs/<product>', async () => {
    const { USAGE_ROUTES, dashboardRouteName } = await import('./index.js');
    for (const p of DASHBOARD_PRODUCT_IDS) expect(USAGE_ROUTES[dashboardRouteName(p)].path).toBe(`/logs/${p}`);
  });
});

describe('metric sets and ingestion agree', () => {
  it('every metric a dashboard charts is an event type its product may send (slice A\'s PRODUCT_EVENT_TYPES)', async () => {
    const { PRODUCT_EVENT_TYPES, productMetrics } = await import('./index.js');
    for (const p of DASHBOARD_PRODUCT_IDS) {
      for (const m of productMetrics(p)) expect(PRODUCT_EVENT_TYPES[p], `${p} ${m}`).toContain(m);
    }
  });
});
