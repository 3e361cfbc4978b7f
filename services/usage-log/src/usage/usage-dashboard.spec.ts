import { describe, expect, it } from 'vitest';
import { buildDashboard } from './usage-dashboard.js';
import { MemoryUsageStore, type MemoryUsageEvent } from './usage-store.memory.js';

const client = 'c1';
const ev = (e: Partial<MemoryUsageEvent> & Pick<MemoryUsageEvent, 'type' | 'day'>): MemoryUsageEvent =>
  ({ client, product: 'bownow', occurredAt: new Date(`${e.day}T03:00:00Z`), ...e });

describe('buildDashboard (through the UsageStore port, in-memory fake)', () => {
  it('charts of the metric set, zero-filled weekly series, donut slices, distinct users per week (not summed), top pages', async () => {
    const store = new MemoryUsageStore().record(...[
      ev({ type: 'page_view', day: '2026-11-02', url: '/a', title: 'A', userKey: 'u1', dimensions: { device: 'pc' } }),
      ev({ type: 'page_view', day: '2026-11-03', url: '/a', title: 'A', userKey: 'u1', dimensions: { device: 'mobile' } }),
      ev({ type: 'page_view', day: '2026-11-10', url: '/b', title: 'B', userKey: 'u2', dimensions: { device: 'pc' } }),
    ]);
    const d = await buildDashboard(store, { client, region: 'jpn', product: 'bownow', query: { from: '2026-11-01', to: '2026-11-14', unit: 'week' }, now: new Date('2026-11-14T00:00:00Z') });
    expect(d.time_zone).toBe('Asia/Tokyo');
    const pv = d.charts.find((c) => c.metric === 'page_view' && c.kind === 'line')!;
    expect(pv.points).toEqual([{ period: '2026-11-01', count: 0 }, { period: '2026-11-02', count: 2 }, { period: '2026-11-09', count: 1 }]);
    expect(d.charts.find((c) => c.kind === 'donut' && c.dimension === 'device')!.slices).toEqual([{ value: 'pc', count: 2 }, { value: 'mobile', count: 1 }]);
    expect(d.distinct_users.points.map((p) => p.count)).toEqual([0, 1, 1]);
    expect(d.distinct_users.total).toBe(2);
    expect(d.top_pages).toEqual([{ url: '/a', title: 'A', views: 2 }, { url: '/b', title: 'B', views: 1 }]);
    expect(d.messages).toEqual([]);
    expect(d.freshness.newest_applied_at).not.toBeNull();
  });

  it('§8 messages: no event ever; a chatbot over its monthly cap; plusdb API status', async () => {
    const empty = await buildDashboard(new MemoryUsageStore(), { client, region: 'jpn', product: 'bownow', query: { from: '2026-11-01', to: '2026-11-14', unit: 'day' }, now: new Date() });
    expect(empty.messages).toEqual(['no_tracking_code']);
    expect(empty.freshness.newest_applied_at).toBeNull();
    const appgoose = await buildDashboard(new MemoryUsageStore(), { client, region: 'jpn', product: 'appgoose', query: { from: '2026-11-01', to: '2026-11-14', unit: 'day' }, now: new Date() });
    expect(appgoose.messages).toEqual(['not_logged_in']);
    expect(appgoose.top_pages).toBeNull();
    const now = new Date('2026-11-20T00:00:00Z');
    const chat = new MemoryUsageStore().record(...[{ client, product: 'izanai', type: 'conversion', day: '2026-11-05', occurredAt: now, value: 1000 }]);
    expect((await buildDashboard(chat, { client, region: 'jpn', product: 'izanai', query: { from: '2026-11-01', to: '2026-11-20', unit: 'day' }, now })).messages).toEqual(['limit_reached']);
    const db = new MemoryUsageStore().record(...[{ client, product: 'plusdb', type: 'api_call', day: '2026-11-05', occurredAt: now, value: 10 }]);
    expect((await buildDashboard(db, { client, region: 'jpn', product: 'plusdb', query: { from: '2026-11-01', to: '2026-11-20', unit: 'day' }, now })).messages).toEqual(['db_api_normal']);
    db.record({ client, product: 'plusdb', type: 'api_call', day: '2026-11-06', occurredAt: now, value: 100_000 });
    expect((await buildDashboard(db, { client, region: 'jpn', product: 'plusdb', query: { from: '2026-11-01', to: '2026-11-20', unit: 'day' }, now })).messages).toEqual(['db_api_limited']);
  });
});
