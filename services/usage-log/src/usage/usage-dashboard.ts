import {
  METRIC_SETS, bucketsOf, regionTimeZone, regionWeekStart, zonedDate,
  type TDashboardProduct, type TRegion, type TUsageDashboard, type TUsageDashboardQuery, type TUsageMessage,
} from '@portal/proto';
import type { UsageStore } from './usage-store.port.js';

/** Rows of the top-page table (spec §2). */
export const TOP_PAGES = 10;

export interface DashboardInput {
  readonly client: string;
  readonly region: TRegion;
  readonly product: TDashboardProduct;
  readonly query: TUsageDashboardQuery;
  readonly now: Date;
}

/**
 * One product's dashboard from the UsageStore: every chart of its metric set (lines and bars as
 * zero-filled series over the range's buckets, donuts as breakdowns), distinct users, the top
 * pages where it has them, freshness and the §8 messages. Days, weeks and months are calendar
 * periods in the client's region's zone.
 */
export async function buildDashboard(store: UsageStore, input: DashboardInput): Promise<TUsageDashboard> {
  const { client, product, query } = input;
  const set = METRIC_SETS[product];
  const timeZone = regionTimeZone(input.region);
  const weekStartsOn = regionWeekStart(input.region);
  const range = { from: query.from, to: query.to };
  const keys = bucketsOf(range, query.unit, weekStartsOn);

  const charts = Promise.all(set.charts.map(async (chart) => {
    if (chart.kind === 'donut' && chart.dimension) {
      const slices = (await store.breakdown({ client, product, metric: chart.metric, dimension: chart.dimension, range }))
        .filter((s) => s.count > 0).map((s) => ({ value: s.value, count: s.count })).sort((a, b) => b.count - a.count);
      return { metric: chart.metric, kind: chart.kind, dimension: chart.dimension, points: [], slices, total: slices.reduce((n, s) => n + s.count, 0) };
    }
    const lines = await store.series({ client, product, metric: chart.metric, range, unit: query.unit, weekStartsOn });
    // One line (no dimension): sum whatever the store returned onto the range's buckets.
    const counts = new Map<string, number>();
    for (const line of lines) for (const p of line.points) counts.set(p.bucket, (counts.get(p.bucket) ?? 0) + p.value);
    const points = keys.map((period) => ({ period, count: counts.get(period) ?? 0 }));
    return { metric: chart.metric, kind: chart.kind, dimension: null, points, slices: [], total: points.reduce((n, p) => n + p.count, 0) };
  }));
  const distinct = store.distinct({ client, product, range, unit: query.unit, weekStartsOn });
  const top = set.topPages ? store.top({ client, product, range, limit: TOP_PAGES }) : Promise.resolve(null);
  const freshness = store.freshness(client, product);

  // This month in the client's zone, for the limits of §8.
  const today = zonedDate(input.now, timeZone);
  const month = { from: `${today.slice(0, 7)}-01`, to: today };
  const limited = set.monthlyLimit ?? (set.apiStatus ? { metric: 'api_call' as const, limit: set.apiStatus.limit } : undefined);
  const used = limited ? store.lastUse({ clients: [client], products: [product], range: month }) : Promise.resolve([]);

  const [chartList, users, topPages, fresh, monthUse] = await Promise.all([charts, distinct, top, freshness, used]);
  const messages: TUsageMessage[] = [];
  if (!fresh.anyEvent) messages.push(set.empty);
  const monthCount = limited ? (monthUse[0]?.totals[limited.metric] ?? 0) : 0;
  if (set.monthlyLimit && monthCount >= set.monthlyLimit.limit) messages.push('limit_reached');
  if (set.apiStatus) messages.push(monthCount >= set.apiStatus.limit ? 'db_api_limited' : 'db_api_normal');

  const userCounts = new Map(users.points.map((p) => [p.bucket, p.value]));
  return {
    product, from: query.from, to: query.to, unit: query.unit, time_zone: timeZone,
    charts: chartList,
    distinct_users: { points: keys.map((period) => ({ period, count: userCounts.get(period) ?? 0 })), total: users.total, relative_error: users.relativeError },
    top_pages: topPages ? topPages.map((p) => ({ url: p.url, title: p.title ?? '', views: p.views })) : null,
    freshness: { newest_applied_at: fresh.newestAppliedAt ? fresh.newestAppliedAt.toISOString() : null },
    messages,
  };
}
