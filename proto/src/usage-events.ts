import { z } from 'zod';
import { DASHBOARD_PRODUCT_IDS, ZShard, type TProductId } from './enums.js';

/**
 * Issue 13, slice A: the ingestion contract (docs/design/usage.md "Ingestion contract").
 *
 * A product sends `POST /ingest/v1/events` (outside /v1: products are not portal sessions) with
 * headers `X-Product`, `X-Timestamp` (Unix seconds, within ±5 minutes of the server's clock) and
 * `X-Signature` = hex HMAC-SHA256 over `<timestamp>.<raw body>` with the product's key, and the
 * body `{ "events": [ ... ] }` (1 to 1,000 events). The answer is always
 * `{ accepted, rejected: [{ index, code, field }] }` for a request whose signature holds: each
 * event is judged alone, and a refused one never stops the others.
 */

/** Event types (the metrics of spec §3): what one event counts. */
export const USAGE_EVENT_TYPES = ['page_view', 'user', 'session', 'conversion', 'push', 'book_open', 'member', 'api_call'] as const;
export type TUsageEventType = (typeof USAGE_EVENT_TYPES)[number];

/**
 * The event types each product may send (the ingestion contract). Products without a usage
 * dashboard (crowdbooth, metabadge) send none: their events are refused as `unknown_product`.
 * Keep in step with the dashboards' metric sets (proto/src/usage.ts, slice B): a type a
 * dashboard shows must be accepted here; the unit test usage-events.spec.ts checks it.
 */
export const PRODUCT_EVENT_TYPES: Readonly<Partial<Record<TProductId, readonly TUsageEventType[]>>> = {
  bownow: ['page_view', 'user', 'session', 'conversion'],
  fullstar: ['page_view', 'user', 'session', 'conversion'],
  cocoar: ['user', 'session'],
  lessar: ['user', 'session'],
  actibook: ['book_open', 'page_view', 'user', 'session'],
  aichat: ['user', 'session', 'conversion'],
  izanai: ['user', 'session', 'conversion'],
  bluemonkey: ['page_view', 'user', 'session'],
  plusdb: ['api_call', 'user', 'member'],
  appgoose: ['member', 'push', 'user', 'session'],
  creca: ['page_view', 'user', 'session', 'conversion'],
  cmp: ['page_view', 'user', 'conversion'],
  lpbuilder: ['page_view', 'user', 'session', 'conversion'],
};
export const INGEST_PRODUCT_IDS = DASHBOARD_PRODUCT_IDS;

export const INGEST_MAX_EVENTS = 1000;
/** Largest body the endpoint reads (1,000 events of about 1 KiB). */
export const INGEST_MAX_BODY_BYTES = 1024 * 1024;
/** A request's X-Timestamp must be within this of the server's clock. */
export const INGEST_CLOCK_SKEW_S = 300;
/** Late events are counted on their day up to this many days back; older ones are refused. */
export const INGEST_LATE_DAYS = 7;

const dimension = z.string().trim().min(1).max(100);

/** One event as a product sends it. Unknown keys are ignored. */
export const ZUsageEventIn = z.object({
  /** The de-duplication key: a resend of the same id is counted once. */
  id: z.uuid(),
  client_uuid: z.uuid(),
  /** Must equal the X-Product header. */
  product: z.string().max(40),
  type: z.string().max(40),
  occurred_at: z.iso.datetime({ offset: true }),
  /** Who (pseudonymous, the product's own key): counted as a distinct user. */
  user_key: z.string().min(1).max(200).optional(),
  session_key: z.string().min(1).max(200).optional(),
  dimensions: z
    .object({ device: dimension.optional(), os: dimension.optional(), region: dimension.optional(), route: dimension.optional(), gender: dimension.optional() })
    .strict()
    .default({}),
  /** page_view only: the page. */
  url: z.string().min(1).max(2000).optional(),
  title: z.string().max(500).optional(),
  /** How many this event counts (an API-call batch, a push to n devices); default 1. */
  value: z.number().int().min(1).max(1_000_000).optional(),
});
export type TUsageEventIn = z.infer<typeof ZUsageEventIn>;

/** Why an event was refused (per event, in the answer). */
export const INGEST_REJECT_CODES = ['invalid', 'unknown_product', 'product_mismatch', 'unknown_metric', 'too_old', 'in_future', 'url_required'] as const;
export type TIngestRejectCode = (typeof INGEST_REJECT_CODES)[number];

export interface TIngestAnswer {
  accepted: number;
  rejected: Array<{ index: number; code: TIngestRejectCode; field: string | null }>;
}

/** Why a whole request was refused (HTTP 400/401/409/413), with no event taken. */
export const INGEST_REQUEST_ERRORS = ['bad_request', 'unknown_product', 'no_key', 'bad_timestamp', 'bad_signature', 'replay', 'too_many_events', 'too_large'] as const;
export type TIngestRequestError = (typeof INGEST_REQUEST_ERRORS)[number];

/** An accepted event as the gateway publishes it: its day is fixed once, in the region's zone. */
export const ZUsageEvent = z.object({
  id: z.uuid(),
  client_uuid: z.uuid(),
  product: z.string(),
  type: z.enum(USAGE_EVENT_TYPES),
  occurred_at: z.iso.datetime({ offset: true }),
  /** YYYY-MM-DD in the region's zone (REGION_PROFILES[shard].timeZone). */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  user_key: z.string().optional(),
  session_key: z.string().optional(),
  dimensions: z.record(z.string(), z.string()).default({}),
  url: z.string().optional(),
  title: z.string().optional(),
  value: z.number().int().min(1).default(1),
});
export type TUsageEvent = z.infer<typeof ZUsageEvent>;

/** events.usage.events.<shard>: one ingestion request's accepted events, for the region's shard. */
export const ZUsageEventBatch = z.object({
  shard: ZShard,
  events: z.array(ZUsageEvent).max(INGEST_MAX_EVENTS),
  /**
   * The demo seed's history (never set by the ingestion endpoint): events older than the late
   * window are counted instead of dropped.
   */
  backfill: z.boolean().default(false),
});
export type TUsageEventBatch = z.infer<typeof ZUsageEventBatch>;

/** The subject a batch for `shard` is published on (consumed by `events.usage.events.*`). */
export const usageEventsSubject = (shard: string): string => `events.usage.events.${shard}`;

export function acceptsEventType(product: string, type: string): boolean {
  return (PRODUCT_EVENT_TYPES[product as TProductId] ?? []).includes(type as TUsageEventType);
}
