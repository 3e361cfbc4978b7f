import type { TShard } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { Prisma } from '../generated/prisma/client.js';
import type { UsageLogDb } from '../db.js';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { bucketOf, bucketsOf } from './buckets.js';
import { HLL_RELATIVE_ERROR, emptySketch, hllCount, hllMerge } from './hll.js';
import type {
  BreakdownQuery, DistinctQuery, DistinctResult, Freshness, LastUseQuery, LastUseRow, SeriesLine, SeriesQuery, SumQuery, TopQuery, TopRow, UsageStore,
} from './usage-store.port.js';
import { USAGE_STORE } from './usage-store.port.js';

/**
 * The UsageStore on PostgreSQL: answers from the rollups only (`usage_daily`, `usage_distinct`,
 * `usage_watermarks`), never from events. A year's daily series is at most 366 index rows
 * (primary key prefix client, product, metric, dimension, value, day); bucketing into weeks and
 * months happens here, in the region's calendar, from the zone-local days stored at ingestion.
 *
 * The shard is the request's region (the dashboards run in the client's region), or the one
 * given to `forShard` (the consumer, the seed, the benchmark).
 */
export class PgUsageStore implements UsageStore {
  constructor(private readonly db: UsageLogDb, private readonly shard?: TShard) {}

  forShard(shard: TShard): PgUsageStore {
    return new PgUsageStore(this.db, shard);
  }

  private client() {
    return this.db.client(this.shard ?? requireContext().region);
  }

  async series(q: SeriesQuery): Promise<SeriesLine[]> {
    const dimension = q.dimension ?? '';
    const rows = await this.client().$queryRaw<{ v: string; day: string; n: bigint }[]>`
      SELECT dimension_value AS v, day::text AS day, count AS n FROM usage_daily
       WHERE client_uuid = ${q.client}::uuid AND product = ${q.product} AND metric = ${q.metric} AND dimension = ${dimension}
         ${q.dimension ? Prisma.empty : Prisma.sql`AND dimension_value = ''`}
         AND day BETWEEN ${q.range.from}::date AND ${q.range.to}::date`;
    const buckets = bucketsOf(q.range, q.unit, q.weekStartsOn);
    const lines = new Map<string | null, Map<string, number>>();
    if (!q.dimension) lines.set(null, new Map());
    for (const r of rows) {
      const key = q.dimension ? r.v : null;
      const line = lines.get(key) ?? new Map<string, number>();
      const b = bucketOf(r.day, q.range, q.unit, q.weekStartsOn);
      line.set(b, (line.get(b) ?? 0) + Number(r.n));
      lines.set(key, line);
    }
    return [...lines.entries()]
      .sort((a, b) => String(a[0] ?? '').localeCompare(String(b[0] ?? '')))
      .map(([dimensionValue, m]) => ({ dimensionValue, points: buckets.map((bucket) => ({ bucket, value: m.get(bucket) ?? 0 })) }));
  }

  async breakdown(q: BreakdownQuery): Promise<Array<{ value: string; count: number }>> {
    const rows = await this.client().$queryRaw<{ value: string; n: bigint }[]>`
      SELECT dimension_value AS value, sum(count)::bigint AS n FROM usage_daily
       WHERE client_uuid = ${q.client}::uuid AND product = ${q.product} AND metric = ${q.metric} AND dimension = ${q.dimension}
         AND day BETWEEN ${q.range.from}::date AND ${q.range.to}::date
       GROUP BY dimension_value ORDER BY n DESC, value`;
    return rows.map((r) => ({ value: r.value, count: Number(r.n) }));
  }

  async top(q: TopQuery): Promise<TopRow[]> {
    const rows = await this.client().$queryRaw<{ url: string; title: string | null; n: bigint }[]>`
      SELECT dimension_value AS url, sum(count)::bigint AS n,
             (array_agg(title ORDER BY day DESC) FILTER (WHERE title IS NOT NULL))[1] AS title
        FROM usage_daily
       WHERE client_uuid = ${q.client}::uuid AND product = ${q.product} AND metric = 'page_view' AND dimension = 'url'
         AND day BETWEEN ${q.range.from}::date AND ${q.range.to}::date
       GROUP BY dimension_value ORDER BY n DESC, url LIMIT ${q.limit}`;
    return rows.map((r) => ({ url: r.url, title: r.title, views: Number(r.n) }));
  }

  async distinct(q: DistinctQuery): Promise<DistinctResult> {
    const rows = await this.client().$queryRaw<{ day: string; sketch: Uint8Array }[]>`
      SELECT day::text AS day, sketch FROM usage_distinct
       WHERE client_uuid = ${q.client}::uuid AND product = ${q.product} AND day BETWEEN ${q.range.from}::date AND ${q.range.to}::date`;
    const buckets = bucketsOf(q.range, q.unit, q.weekStartsOn);
    const per = new Map<string, Uint8Array>();
    const all = emptySketch();
    for (const r of rows) {
      const b = bucketOf(r.day, q.range, q.unit, q.weekStartsOn);
      const s = per.get(b) ?? emptySketch();
      hllMerge(s, r.sketch);
      per.set(b, s);
      hllMerge(all, r.sketch);
    }
    return {
      points: buckets.map((bucket) => ({ bucket, value: per.has(bucket) ? hllCount(per.get(bucket)!) : 0 })),
      total: rows.length ? hllCount(all) : 0,
      relativeError: HLL_RELATIVE_ERROR,
    };
  }

  async lastUse(q: LastUseQuery): Promise<LastUseRow[]> {
    if (!q.clients.length) return [];
    const productFilter = q.products ? Prisma.sql`AND product = ANY(${q.products}::text[])` : Prisma.empty;
    const [marks, totals] = await Promise.all([
      this.client().$queryRaw<{ client: string; product: string; last_at: Date | null; events: bigint }[]>`
        SELECT client_uuid::text AS client, product, last_event_at AS last_at, events FROM usage_watermarks
         WHERE client_uuid = ANY(${q.clients}::uuid[]) ${productFilter}`,
      this.client().$queryRaw<{ client: string; product: string; metric: string; n: bigint }[]>`
        SELECT client_uuid::text AS client, product, metric, sum(count)::bigint AS n FROM usage_daily
         WHERE client_uuid = ANY(${q.clients}::uuid[]) ${productFilter} AND dimension = '' AND dimension_value = ''
           AND day BETWEEN ${q.range.from}::date AND ${q.range.to}::date
         GROUP BY 1, 2, 3`,
    ]);
    const out = new Map<string, LastUseRow>();
    const row = (client: string, product: string): LastUseRow => {
      const k = `${client}\u0000${product}`;
      let r = out.get(k);
      if (!r) out.set(k, (r = { client, product, lastAt: null, totals: {} }));
      return r;
    };
    if (q.products) for (const c of q.clients) for (const p of q.products) row(c, p);
    for (const m of marks) if (Number(m.events) > 0) row(m.client, m.product).lastAt = m.last_at;
    for (const t of totals) row(t.client, t.product).totals[t.metric] = Number(t.n);
    return [...out.values()];
  }

  /**
   * Issue 23, item 3: the sums in one statement (a billing page asks for up to 5,000): the queries
   * as one JSON parameter joined to the dimension-less rows by the primary key's prefix.
   */
  async sums(queries: readonly SumQuery[]): Promise<number[]> {
    if (queries.length === 0) return [];
    const json = JSON.stringify(queries.map((q, i) => ({ i, client_uuid: q.client, product: q.product, metric: q.metric, day_from: q.range.from, day_to: q.range.to })));
    const rows = await this.client().$queryRaw<{ i: number; n: bigint }[]>`
      SELECT q.i, coalesce(sum(d.count), 0)::bigint AS n
        FROM jsonb_to_recordset(${json}::jsonb) AS q(i int, client_uuid uuid, product text, metric text, day_from date, day_to date)
        LEFT JOIN usage_daily d ON d.client_uuid = q.client_uuid AND d.product = q.product AND d.metric = q.metric
              AND d.dimension = '' AND d.dimension_value = '' AND d.day BETWEEN q.day_from AND q.day_to
       GROUP BY q.i`;
    const out = queries.map(() => 0);
    for (const r of rows) out[r.i] = Number(r.n);
    return out;
  }

  async freshness(client: string, product?: string): Promise<Freshness> {
    const [r] = await this.client().$queryRaw<{ applied: Date | null; events: bigint | null }[]>`
      SELECT max(applied_at) FILTER (WHERE events > 0) AS applied, sum(events)::bigint AS events FROM usage_watermarks
       WHERE client_uuid = ${client}::uuid ${product ? Prisma.sql`AND product = ${product}` : Prisma.empty}`;
    return { newestAppliedAt: r?.applied ?? null, anyEvent: Number(r?.events ?? 0) > 0 };
  }
}

/** The port's provider: `@Inject(USAGE_STORE) store: UsageStore` (slice B's dashboards). */
export const usageStoreProvider = {
  provide: USAGE_STORE,
  useFactory: (db: UsageLogDb) => new PgUsageStore(db),
  inject: [SERVICE_DB],
};
