/**
 * An in-memory UsageStore for unit tests (never used by the running portal). It keeps the same
 * rollup shape as the PostgreSQL adapter: counts per (client, product, metric, dimension, value,
 * day) and exact user sets per (client, product, day), so its answers match the adapter's.
 */
import { bucketOf, bucketsOf } from './buckets.js';
import type {
  BreakdownQuery,
  DistinctQuery,
  DistinctResult,
  Freshness,
  LastUseQuery,
  SumQuery,
  LastUseRow,
  SeriesLine,
  SeriesQuery,
  TopQuery,
  TopRow,
  UsageDimension,
  UsageStore,
} from './usage-store.port.js';

/** One event as the memory store records it: the day is already the client's zone-local day. */
export interface MemoryUsageEvent {
  client: string;
  product: string;
  /** The metric (event type), e.g. page_view. */
  type: string;
  /** YYYY-MM-DD in the client's zone. */
  day: string;
  occurredAt?: Date;
  userKey?: string;
  dimensions?: Partial<Record<UsageDimension, string>>;
  url?: string;
  title?: string;
  /** The quantity the event adds (default 1). */
  value?: number;
}

interface Row {
  client: string;
  product: string;
  metric: string;
  dimension: string;
  dimensionValue: string;
  day: string;
  count: number;
  title: string | null;
}

export class MemoryUsageStore implements UsageStore {
  private readonly rows = new Map<string, Row>();
  private readonly users = new Map<string, Set<string>>();
  private readonly last = new Map<string, Date>();
  private readonly applied = new Map<string, Date>();

  /** Record events as the consumer would (no de-duplication: give each event once). */
  record(...events: MemoryUsageEvent[]): this {
    for (const e of events) {
      const n = e.value ?? 1;
      const add = (dimension: string, dimensionValue: string, title: string | null = null): void => {
        const key = [e.client, e.product, e.type, dimension, dimensionValue, e.day].join('\u0000');
        const row = this.rows.get(key);
        if (row) {
          row.count += n;
          if (title !== null) row.title = title;
        } else {
          this.rows.set(key, { client: e.client, product: e.product, metric: e.type, dimension, dimensionValue, day: e.day, count: n, title });
        }
      };
      add('', '');
      for (const [dim, value] of Object.entries(e.dimensions ?? {})) if (value) add(dim, value);
      if (e.url) add('url', e.url, e.title ?? null);
      if (e.userKey) {
        const key = [e.client, e.product, e.day].join('\u0000');
        const set = this.users.get(key) ?? new Set<string>();
        set.add(e.userKey);
        this.users.set(key, set);
      }
      const at = e.occurredAt ?? new Date(`${e.day}T12:00:00Z`);
      const lk = `${e.client}\u0000${e.product}`;
      const prev = this.last.get(lk);
      if (!prev || prev < at) this.last.set(lk, at);
      const now = new Date();
      this.applied.set(lk, now);
    }
    return this;
  }

  private inRange(r: Row, q: { client: string; product: string; range: { from: string; to: string } }): boolean {
    return r.client === q.client && r.product === q.product && r.day >= q.range.from && r.day <= q.range.to;
  }

  series(q: SeriesQuery): Promise<SeriesLine[]> {
    const buckets = bucketsOf(q.range, q.unit, q.weekStartsOn);
    const lines = new Map<string | null, Map<string, number>>();
    if (!q.dimension) lines.set(null, new Map());
    for (const r of this.rows.values()) {
      if (!this.inRange(r, q) || r.metric !== q.metric) continue;
      if ((q.dimension ?? '') !== r.dimension) continue;
      const key = q.dimension ? r.dimensionValue : null;
      const line = lines.get(key) ?? new Map<string, number>();
      const b = bucketOf(r.day, q.range, q.unit, q.weekStartsOn);
      line.set(b, (line.get(b) ?? 0) + r.count);
      lines.set(key, line);
    }
    const out = [...lines.entries()].map(([dimensionValue, m]) => ({
      dimensionValue,
      points: buckets.map((bucket) => ({ bucket, value: m.get(bucket) ?? 0 })),
    }));
    out.sort((a, b) => String(a.dimensionValue ?? '').localeCompare(String(b.dimensionValue ?? '')));
    return Promise.resolve(out);
  }

  breakdown(q: BreakdownQuery): Promise<Array<{ value: string; count: number }>> {
    const m = new Map<string, number>();
    for (const r of this.rows.values()) {
      if (!this.inRange(r, q) || r.metric !== q.metric || r.dimension !== q.dimension) continue;
      m.set(r.dimensionValue, (m.get(r.dimensionValue) ?? 0) + r.count);
    }
    return Promise.resolve(
      [...m.entries()].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    );
  }

  top(q: TopQuery): Promise<TopRow[]> {
    const m = new Map<string, { views: number; title: string | null; day: string }>();
    for (const r of this.rows.values()) {
      if (!this.inRange(r, q) || r.metric !== 'page_view' || r.dimension !== 'url') continue;
      const cur = m.get(r.dimensionValue) ?? { views: 0, title: null, day: '' };
      cur.views += r.count;
      if (r.title !== null && r.day >= cur.day) {
        cur.title = r.title;
        cur.day = r.day;
      }
      m.set(r.dimensionValue, cur);
    }
    return Promise.resolve(
      [...m.entries()]
        .map(([url, v]) => ({ url, title: v.title, views: v.views }))
        .sort((a, b) => b.views - a.views || a.url.localeCompare(b.url))
        .slice(0, q.limit),
    );
  }

  distinct(q: DistinctQuery): Promise<DistinctResult> {
    const buckets = bucketsOf(q.range, q.unit, q.weekStartsOn);
    const per = new Map<string, Set<string>>();
    const all = new Set<string>();
    for (const [key, set] of this.users) {
      const [client, product, day] = key.split('\u0000') as [string, string, string];
      if (client !== q.client || product !== q.product || day < q.range.from || day > q.range.to) continue;
      const b = bucketOf(day, q.range, q.unit, q.weekStartsOn);
      const s = per.get(b) ?? new Set<string>();
      for (const u of set) {
        s.add(u);
        all.add(u);
      }
      per.set(b, s);
    }
    return Promise.resolve({
      points: buckets.map((bucket) => ({ bucket, value: per.get(bucket)?.size ?? 0 })),
      total: all.size,
      relativeError: 0,
    });
  }

  lastUse(q: LastUseQuery): Promise<LastUseRow[]> {
    const out: LastUseRow[] = [];
    const products = new Set<string>();
    for (const r of this.rows.values()) products.add(r.product);
    for (const k of this.last.keys()) products.add(k.split('\u0000')[1] as string);
    const wanted = q.products ?? [...products].sort();
    for (const client of q.clients) {
      for (const product of wanted) {
        const totals: Record<string, number> = {};
        for (const r of this.rows.values()) {
          if (r.dimension !== '' || !this.inRange(r, { client, product, range: q.range })) continue;
          totals[r.metric] = (totals[r.metric] ?? 0) + r.count;
        }
        const lastAt = this.last.get(`${client}\u0000${product}`) ?? null;
        if (q.products || lastAt) out.push({ client, product, lastAt, totals });
      }
    }
    return Promise.resolve(out);
  }

  sums(queries: readonly SumQuery[]): Promise<number[]> {
    return Promise.resolve(queries.map((q) => {
      let n = 0;
      for (const r of this.rows.values()) if (r.dimension === '' && r.metric === q.metric && this.inRange(r, q)) n += r.count;
      return n;
    }));
  }

  freshness(client: string, product?: string): Promise<Freshness> {
    let newest: Date | null = null;
    for (const [k, at] of this.applied) {
      const [c, p] = k.split('\u0000');
      if (c !== client || (product && p !== product)) continue;
      if (!newest || newest < at) newest = at;
    }
    return Promise.resolve({ newestAppliedAt: newest, anyEvent: newest !== null });
  }
}
