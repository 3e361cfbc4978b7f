import { describe, expect, it } from 'vitest';
import { bucketOf, bucketStart, bucketsOf, zoneDay } from './buckets.js';
import { MemoryUsageStore } from './usage-store.memory.js';

describe('usage buckets', () => {
  it('puts an instant on its calendar day in the client region zone', () => {
    // 2026-03-31 15:30 UTC is already 1 April in Tokyo, still 31 March in New York.
    const at = new Date('2026-03-31T15:30:00Z');
    expect(zoneDay(at, 'Asia/Tokyo')).toBe('2026-04-01');
    expect(zoneDay(at, 'America/New_York')).toBe('2026-03-31');
    expect(zoneDay(new Date('2026-12-31T16:59:59Z'), 'Asia/Bangkok')).toBe('2026-12-31');
    expect(zoneDay(new Date('2026-12-31T17:00:00Z'), 'Asia/Bangkok')).toBe('2027-01-01');
  });

  it('starts weeks on the region first weekday and months on the 1st', () => {
    // 2026-11-26 is a Thursday.
    expect(bucketStart('2026-11-26', 'week', 1)).toBe('2026-11-23');
    expect(bucketStart('2026-11-26', 'week', 0)).toBe('2026-11-22');
    expect(bucketStart('2026-11-26', 'week', 6)).toBe('2026-11-21');
    expect(bucketStart('2026-11-23', 'week', 1)).toBe('2026-11-23');
    expect(bucketStart('2026-02-28', 'month', 1)).toBe('2026-02-01');
    expect(bucketStart('2026-11-26', 'day', 1)).toBe('2026-11-26');
  });

  it('lists zero-fill buckets, the first clipped to the range start, across a year end', () => {
    const range = { from: '2026-12-30', to: '2027-01-12' };
    expect(bucketsOf(range, 'week', 1)).toEqual(['2026-12-30', '2027-01-04', '2027-01-11']);
    expect(bucketsOf(range, 'month', 1)).toEqual(['2026-12-30', '2027-01-01']);
    expect(bucketsOf({ from: '2026-02-27', to: '2026-03-02' }, 'day', 1)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(bucketOf('2026-12-31', range, 'week', 1)).toBe('2026-12-30');
    expect(bucketsOf({ from: '2026-01-31', to: '2026-03-31' }, 'month', 1)).toEqual(['2026-01-31', '2026-02-01', '2026-03-01']);
  });
});

describe('MemoryUsageStore', () => {
  it('answers series, breakdowns, top pages and distinct users from recorded events', async () => {
    const store = new MemoryUsageStore();
    const client = '00000000-0000-4000-8000-000000000001';
    store.record(
      { client, product: 'bownow', type: 'page_view', day: '2026-11-23', userKey: 'a', url: '/a', title: 'A', dimensions: { device: 'pc' } },
      { client, product: 'bownow', type: 'page_view', day: '2026-11-24', userKey: 'a', url: '/a', title: 'A2', dimensions: { device: 'phone' } },
      { client, product: 'bownow', type: 'page_view', day: '2026-11-30', userKey: 'b', url: '/b', dimensions: { device: 'phone' } },
    );
    const range = { from: '2026-11-23', to: '2026-12-06' };
    const [line] = await store.series({ client, product: 'bownow', metric: 'page_view', range, unit: 'week', weekStartsOn: 1 });
    expect(line!.points).toEqual([{ bucket: '2026-11-23', value: 2 }, { bucket: '2026-11-30', value: 1 }]);
    expect(await store.breakdown({ client, product: 'bownow', metric: 'page_view', range, dimension: 'device' })).toEqual([{ value: 'phone', count: 2 }, { value: 'pc', count: 1 }]);
    expect(await store.top({ client, product: 'bownow', range, limit: 10 })).toEqual([{ url: '/a', title: 'A2', views: 2 }, { url: '/b', title: null, views: 1 }]);
    const d = await store.distinct({ client, product: 'bownow', range, unit: 'month', weekStartsOn: 1 });
    expect(d).toEqual({ points: [{ bucket: '2026-11-23', value: 2 }, { bucket: '2026-12-01', value: 0 }], total: 2, relativeError: 0 });
    expect((await store.freshness(client)).anyEvent).toBe(true);
    expect((await store.freshness(client, 'cmp')).anyEvent).toBe(false);
  });
});
