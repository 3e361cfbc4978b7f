/**
 * The UsageStore port (issue 13, docs/design/usage.md): everything the dashboards read about usage
 * goes through this interface, in series and counts, never in rows. The PostgreSQL adapter
 * (usage-store.pg.ts) answers from the rollups (`usage_daily`, `usage_distinct`); a column store
 * could take over behind the same port (docs/architecture.md, "Usage at column-store scale").
 *
 * Days are calendar days in the client's region zone (regions.ts), fixed at ingestion; a bucket is
 * named by its first day. Every range is inclusive on both ends.
 */
export type UsageUnit = 'day' | 'week' | 'month';
export type UsageDimension = 'device' | 'os' | 'region' | 'route' | 'gender';
export const USAGE_DIMENSIONS: readonly UsageDimension[] = ['device', 'os', 'region', 'route', 'gender'];

/** YYYY-MM-DD, inclusive, in the client's region zone. */
export interface DayRange {
  from: string;
  to: string;
}

export interface SeriesQuery {
  client: string;
  product: string;
  metric: string;
  range: DayRange;
  unit: UsageUnit;
  /** 0 = Sunday, 1 = Monday (ISO), 6 = Saturday: the region's first day of the week. */
  weekStartsOn: 0 | 1 | 6;
  /** Split the series by this dimension (one series per value); without it, one series (dimensionValue null). */
  dimension?: UsageDimension;
}

export interface SeriesPoint {
  /** First day of the bucket, YYYY-MM-DD (clipped to range.from for the first bucket). */
  bucket: string;
  value: number;
}

export interface SeriesLine {
  dimensionValue: string | null;
  points: SeriesPoint[];
}

export type BreakdownQuery = Omit<SeriesQuery, 'unit' | 'weekStartsOn'> & { dimension: UsageDimension };

export interface TopQuery {
  client: string;
  product: string;
  range: DayRange;
  limit: number;
}

export interface TopRow {
  url: string;
  title: string | null;
  views: number;
}

export type DistinctQuery = Omit<SeriesQuery, 'metric' | 'dimension'>;

export interface DistinctResult {
  /** Distinct users per bucket: the union of the bucket's days, never a sum. */
  points: SeriesPoint[];
  /** Distinct users over the whole range (union of all days). */
  total: number;
  /** Relative standard error of the estimate (0 for exact counts). */
  relativeError: number;
}

export interface LastUseQuery {
  clients: string[];
  products?: string[];
  range: DayRange;
}

export interface LastUseRow {
  client: string;
  product: string;
  /** Time of the newest event applied for (client, product), any time; null when none. */
  lastAt: Date | null;
  /** Count per metric over the range (dimension-less totals). */
  totals: Record<string, number>;
}

/** Issue 23, item 3: one sum of a metric's dimension-less totals over an inclusive day range. */
export interface SumQuery {
  client: string;
  product: string;
  metric: string;
  range: DayRange;
}

export interface Freshness {
  /** When the consumer last applied a batch touching this client (and product). */
  newestAppliedAt: Date | null;
  /** Whether any event was ever applied (spec §8 "no tracking code installed" when false). */
  anyEvent: boolean;
}

export interface UsageStore {
  /** Zero-filled buckets over the range; one line per dimension value when a dimension is asked. */
  series(q: SeriesQuery): Promise<SeriesLine[]>;
  /** Count per dimension value over the range, largest first. */
  breakdown(q: BreakdownQuery): Promise<Array<{ value: string; count: number }>>;
  /** The most viewed pages over the range (page_view events by URL), largest first. */
  top(q: TopQuery): Promise<TopRow[]>;
  /** Distinct users per bucket and over the range (a union per bucket, never a sum). */
  distinct(q: DistinctQuery): Promise<DistinctResult>;
  /** Per client × product: the last use and the totals per metric over the range. */
  lastUse(q: LastUseQuery): Promise<LastUseRow[]>;
  freshness(client: string, product?: string): Promise<Freshness>;
  /** Issue 23, item 3: the sum of each query (metered billing), in the order asked; 0 when nothing was counted. */
  sums(queries: readonly SumQuery[]): Promise<number[]>;
}

/** Injection token of the UsageStore port. */
export const USAGE_STORE = Symbol('UsageStore');
