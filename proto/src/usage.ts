import { z } from 'zod';
import { DASHBOARD_PRODUCT_IDS, ZRegion, type TProductId, type TRegion } from './enums.js';

/**
 * Issue 13, slice B: the usage dashboards (spec §2 /logs/{service}, §7 POST /v1/logs/{product},
 * GET /v1/client_activity_log/list). What each product's dashboard shows (its metric set), the
 * terms, units and quick ranges, and the one pure module that turns them into date ranges.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date (YYYY-MM-DD) that exists. */
const isoDate = z.string().trim().refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { message: 'validation.invalid' });

export const ZDashboardProduct = z.enum(DASHBOARD_PRODUCT_IDS);
export type TDashboardProduct = z.infer<typeof ZDashboardProduct>;

/** Event types a dashboard counts (the metrics of spec §3). */
export const USAGE_METRICS = ['page_view', 'user', 'session', 'conversion', 'push', 'book_open', 'member', 'api_call'] as const;
export const ZUsageMetric = z.enum(USAGE_METRICS);
export type TUsageMetric = z.infer<typeof ZUsageMetric>;

/** What a count is broken down by. */
export const USAGE_DIMENSIONS = ['device', 'os', 'region', 'route', 'gender'] as const;
export const ZUsageDimension = z.enum(USAGE_DIMENSIONS);
export type TUsageDimension = z.infer<typeof ZUsageDimension>;

/**
 * Dimension values products commonly send that the dashboards name in the UI language; any other
 * value is the product's own label and is shown as sent. OS names are proper names (no translation).
 */
export const KNOWN_DIMENSION_VALUES = {
  device: ['pc', 'smartphone', 'mobile', 'tablet'],
  route: ['search', 'direct', 'social', 'email', 'ads'],
  gender: ['female', 'male', 'unknown'],
} as const satisfies Partial<Record<TUsageDimension, readonly string[]>>;
export const OS_NAMES: Readonly<Record<string, string>> = { windows: 'Windows', macos: 'macOS', ios: 'iOS', android: 'Android', linux: 'Linux', chromeos: 'ChromeOS' };

export const CHART_KINDS = ['line', 'bar', 'donut'] as const;
export type TChartKind = (typeof CHART_KINDS)[number];

/** One chart of a dashboard: a line or bar is a series over time; a donut is a breakdown over the range. */
export interface ChartSpec {
  readonly metric: TUsageMetric;
  readonly kind: TChartKind;
  /** Donuts only: the dimension the metric is split by. */
  readonly dimension?: TUsageDimension;
}

/**
 * The §8 message a product shows when no event has ever arrived: products embedded in the
 * customer's site need a tracking code; the others count only once somebody has logged in.
 */
export type TEmptyReason = 'no_tracking_code' | 'not_logged_in';

export interface MetricSet {
  readonly charts: readonly ChartSpec[];
  /** Shows the top-10 page-view table. */
  readonly topPages: boolean;
  readonly empty: TEmptyReason;
  /**
   * A monthly cap on a metric (chatbot conversations, conversions): at or over it in the current
   * month the dashboard says "limit reached, contact staff to add capacity" (spec §8).
   */
  readonly monthlyLimit?: { readonly metric: TUsageMetric; readonly limit: number };
  /** plusdb: the database API status (normal or limited) from this month's API calls. */
  readonly apiStatus?: { readonly limit: number };
}

const line = (metric: TUsageMetric): ChartSpec => ({ metric, kind: 'line' });
const bar = (metric: TUsageMetric): ChartSpec => ({ metric, kind: 'bar' });
const donut = (metric: TUsageMetric, dimension: TUsageDimension): ChartSpec => ({ metric, kind: 'donut', dimension });

/**
 * Each product's metric set, by what the product is (NOTES.md "Products"; spec §3 lists book
 * counts, page views, users, pushes, members, gender, OS, region, device, route, conversions and
 * API status without saying which product shows which). Change a product's dashboard here only.
 */
export const METRIC_SETS: Readonly<Record<TDashboardProduct, MetricSet>> = {
  // Marketing automation: site traffic, leads (conversions), where visitors come from.
  bownow: { charts: [line('page_view'), line('user'), bar('session'), bar('conversion'), donut('page_view', 'device'), donut('page_view', 'route')], topPages: true, empty: 'no_tracking_code', monthlyLimit: { metric: 'conversion', limit: 10_000 } },
  // Customer-success tutorials run on the customer's site.
  fullstar: { charts: [line('user'), bar('session'), donut('session', 'device')], topPages: true, empty: 'no_tracking_code' },
  // AR tools: scans per day, by OS and region.
  cocoar: { charts: [line('session'), line('user'), donut('session', 'os'), donut('session', 'region')], topPages: false, empty: 'not_logged_in' },
  lessar: { charts: [line('session'), line('user'), donut('session', 'os'), donut('session', 'region')], topPages: false, empty: 'not_logged_in' },
  // E-book maker: book opens and page turns.
  actibook: { charts: [line('book_open'), line('page_view'), donut('book_open', 'device')], topPages: true, empty: 'not_logged_in' },
  // Chatbots: conversations (sessions) and completed goals, with a monthly conversation cap.
  aichat: { charts: [line('session'), bar('conversion'), donut('session', 'device')], topPages: false, empty: 'no_tracking_code', monthlyLimit: { metric: 'session', limit: 5_000 } },
  izanai: { charts: [line('session'), bar('conversion'), donut('session', 'route')], topPages: false, empty: 'no_tracking_code', monthlyLimit: { metric: 'conversion', limit: 1_000 } },
  // CMS: site traffic.
  bluemonkey: { charts: [line('page_view'), line('user'), donut('page_view', 'device'), donut('page_view', 'region')], topPages: true, empty: 'no_tracking_code' },
  // No-code database: API calls, with the API usage status.
  plusdb: { charts: [bar('api_call'), line('user')], topPages: false, empty: 'not_logged_in', apiStatus: { limit: 100_000 } },
  // App builder: members and push notifications, by OS and gender.
  appgoose: { charts: [line('member'), bar('push'), donut('member', 'os'), donut('member', 'gender')], topPages: false, empty: 'not_logged_in' },
  // Smartphone landing pages, consent management, landing pages: traffic and conversions.
  creca: { charts: [line('page_view'), bar('conversion'), donut('page_view', 'device')], topPages: true, empty: 'no_tracking_code' },
  cmp: { charts: [line('page_view'), bar('conversion'), donut('conversion', 'region')], topPages: false, empty: 'no_tracking_code' },
  lpbuilder: { charts: [line('page_view'), bar('conversion'), donut('page_view', 'device')], topPages: true, empty: 'no_tracking_code' },
};

export function isDashboardProduct(id: string): id is TDashboardProduct {
  return (DASHBOARD_PRODUCT_IDS as readonly string[]).includes(id);
}
export const metricSetOf = (product: TDashboardProduct | TProductId): MetricSet | undefined =>
  isDashboardProduct(product) ? METRIC_SETS[product] : undefined;

// ---- Terms, units, quick ranges (one pure module) ----

/** Terms of spec §2: latest (the last 7 days), 1, 3, 6 months and 1 year. */
export const USAGE_TERMS = ['latest', 'month_1', 'month_3', 'month_6', 'year_1'] as const;
export type TUsageTerm = (typeof USAGE_TERMS)[number];
export const USAGE_UNITS = ['day', 'week', 'month'] as const;
export const ZUsageUnit = z.enum(USAGE_UNITS);
export type TUsageUnit = z.infer<typeof ZUsageUnit>;
export const QUICK_RANGES = ['last_30_days', 'this_month', 'last_month', 'two_months_ago'] as const;
export type TQuickRange = (typeof QUICK_RANGES)[number];

export interface DateRange { readonly from: string; readonly to: string }

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const toIso = (d: Date) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
/** A calendar date plus days (UTC arithmetic on dates only: no zone, no summer time). */
export function addDays(date: string, days: number): string {
  const { y, m, d } = parse(date);
  return toIso(new Date(Date.UTC(y, m - 1, d + days)));
}
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
/** A calendar date plus months; the 31st of a shorter month is its last day (2026-03-31 − 1 month = 2026-02-28). */
export function addMonths(date: string, months: number): string {
  const { y, m, d } = parse(date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return `${pad(ny, 4)}-${pad(nm)}-${pad(Math.min(d, daysIn(ny, nm)))}`;
}
const monthStart = (date: string, offset = 0) => addMonths(`${date.slice(0, 7)}-01`, offset);
const monthEnd = (date: string, offset = 0) => addDays(monthStart(date, offset + 1), -1);

/** The days a term covers, ending today (today is the date in the client's zone). */
export function termRange(term: TUsageTerm, today: string): DateRange {
  switch (term) {
    case 'latest': return { from: addDays(today, -6), to: today };
    case 'month_1': return { from: addDays(addMonths(today, -1), 1), to: today };
    case 'month_3': return { from: addDays(addMonths(today, -3), 1), to: today };
    case 'month_6': return { from: addDays(addMonths(today, -6), 1), to: today };
    case 'year_1': return { from: addDays(addMonths(today, -12), 1), to: today };
    default: return term satisfies never;
  }
}

/** The quick ranges of spec §2; "this month" ends today, the past months at their last day. */
export function quickRange(quick: TQuickRange, today: string): DateRange {
  switch (quick) {
    case 'last_30_days': return { from: addDays(today, -29), to: today };
    case 'this_month': return { from: monthStart(today), to: today };
    case 'last_month': return { from: monthStart(today, -1), to: monthEnd(today, -1) };
    case 'two_months_ago': return { from: monthStart(today, -2), to: monthEnd(today, -2) };
    default: return quick satisfies never;
  }
}

/** The unit a term is first shown in (the user may switch). */
export function defaultUnit(range: DateRange): TUsageUnit {
  const days = rangeDays(range);
  return days <= 31 ? 'day' : days <= 186 ? 'week' : 'month';
}

export function rangeDays({ from, to }: DateRange): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000) + 1;
}

/** At most one year (spec §2): `from` no earlier than the day after the same date a year before `to`. */
export function withinOneYear({ from, to }: DateRange): boolean {
  return from <= to && from >= addDays(addMonths(to, -12), 1);
}

/** Week start: Monday (ISO) except in regions whose calendars start on Sunday. */
export type TWeekStart = 0 | 1;

/** Weeks start on Monday (ISO) except in the regions whose calendars start on Sunday. */
export function regionWeekStart(region: TRegion): TWeekStart {
  return region === 'usa' || region === 'phl' ? 0 : 1;
}

/** The metrics a product counts (each once, in chart order). */
export function productMetrics(product: TDashboardProduct): TUsageMetric[] {
  return [...new Set(METRIC_SETS[product].charts.map((c) => c.metric))];
}

/** The first day of the bucket a date falls in (the key of a point). */
export function bucketStart(date: string, unit: TUsageUnit, weekStartsOn: TWeekStart = 1): string {
  if (unit === 'day') return date;
  if (unit === 'month') return `${date.slice(0, 7)}-01`;
  const { y, m, d } = parse(date);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(date, -((dow - weekStartsOn + 7) % 7));
}

/** Every bucket of a range in order, the first clipped to `from` (zero-filled series use these keys). */
export function bucketsOf(range: DateRange, unit: TUsageUnit, weekStartsOn: TWeekStart = 1): string[] {
  const out: string[] = [];
  let key = bucketStart(range.from, unit, weekStartsOn);
  while (key <= range.to) {
    out.push(key < range.from ? range.from : key);
    key = unit === 'day' ? addDays(key, 1) : unit === 'week' ? addDays(key, 7) : monthStart(key, 1);
  }
  return out;
}

// ---- POST /v1/logs/{product} ----

/** The body of every POST /v1/logs/{product} route (the product is the route's). */
export const ZUsageDashboardQuery = z.object({
  from: isoDate,
  to: isoDate,
  unit: ZUsageUnit.default('day'),
}).superRefine((v, ctx) => {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'usage.range_order', params: { key: 'usage.range_order' } });
  else if (!withinOneYear(v)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'usage.range_too_long', params: { key: 'usage.range_too_long' } });
});
export type TUsageDashboardQuery = z.infer<typeof ZUsageDashboardQuery>;

export const ZUsagePoint = z.object({ period: z.string(), count: z.number().int().nonnegative() });
export const ZUsageChart = z.object({
  metric: ZUsageMetric,
  kind: z.enum(CHART_KINDS),
  dimension: ZUsageDimension.nullable(),
  /** Line and bar: one series, its points zero-filled over the range's buckets. */
  points: z.array(ZUsagePoint),
  /** Donut: the counts per dimension value over the range, largest first. */
  slices: z.array(z.object({ value: z.string(), count: z.number().int().nonnegative() })),
  total: z.number().int().nonnegative(),
});
export type TUsageChart = z.infer<typeof ZUsageChart>;

export const USAGE_MESSAGES = ['no_tracking_code', 'not_logged_in', 'limit_reached', 'db_api_normal', 'db_api_limited'] as const;
export const ZUsageMessage = z.enum(USAGE_MESSAGES);
export type TUsageMessage = z.infer<typeof ZUsageMessage>;

export const ZUsageDashboard = z.object({
  product: ZDashboardProduct,
  from: isoDate,
  to: isoDate,
  unit: ZUsageUnit,
  /** The client's region's zone: days, weeks and months are calendar periods there. */
  time_zone: z.string(),
  charts: z.array(ZUsageChart),
  /** Distinct users per bucket (never summed from days), with the estimator's relative error (0 when exact). */
  distinct_users: z.object({ points: z.array(ZUsagePoint), total: z.number().int().nonnegative(), relative_error: z.number().nonnegative() }),
  /** Null when the product has no page-view table. */
  top_pages: z.array(z.object({ url: z.string(), title: z.string(), views: z.number().int().nonnegative() })).nullable(),
  /** The "not real-time" note: the newest event the rollups have applied for this client and product. */
  freshness: z.object({ newest_applied_at: z.iso.datetime().nullable() }),
  messages: z.array(ZUsageMessage),
});
export type TUsageDashboard = z.infer<typeof ZUsageDashboard>;

// ---- GET /v1/client_activity_log/list ----

export const ZClientActivityQuery = z.object({
  from: isoDate,
  to: isoDate,
  page: z.coerce.number().int().min(1).max(500).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Part of the company name. */
  q: z.string().trim().max(100).optional(),
}).superRefine((v, ctx) => {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'usage.range_order', params: { key: 'usage.range_order' } });
  else if (!withinOneYear(v)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'usage.range_too_long', params: { key: 'usage.range_too_long' } });
});
export type TClientActivityQuery = z.infer<typeof ZClientActivityQuery>;

export const ZClientActivityRow = z.object({
  client_uuid: z.string(),
  company_name: z.string(),
  region: ZRegion,
  products: z.array(z.object({
    product: ZDashboardProduct,
    last_at: z.iso.datetime().nullable(),
    /** Counts over the range, per metric the product counts. */
    totals: z.array(z.object({ metric: ZUsageMetric, count: z.number().int().nonnegative() })),
  })),
});
export const ZClientActivityList = z.object({ clients: z.array(ZClientActivityRow), total: z.number().int() });
export type TClientActivityList = z.infer<typeof ZClientActivityList>;

/** Subjects of the usage-log service's dashboard calls (one per product route). */
export const USAGE_SUBJECTS = {
  dashboard: (product: TDashboardProduct) => `usage-log.dashboard.${product}`,
  clientActivity: 'usage-log.client-activity.list',
} as const;
