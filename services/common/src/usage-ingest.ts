/**
 * Issue 13, slice A: the ingestion path shared by the gateway's `POST /ingest/v1/events` and the
 * demo seed (the seed goes through exactly this, so demo data is what a product would produce).
 * Each event is judged alone (proto/src/usage-events.ts); the accepted ones get their day in the
 * region's zone, once, here, and go to JetStream as one message per request.
 */
import {
  Headers, INGEST_CLOCK_SKEW_S, INGEST_LATE_DAYS, REGION_PROFILES, ZUsageEventIn, acceptsEventType, usageEventsSubject,
  type TIngestAnswer, type TRegion, type TUsageEvent,
} from '@portal/proto';
import type { Transport } from './transport/transport.js';

const DAY_MS = 86_400_000;
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of an instant in an IANA zone. */
export function dayInZone(at: Date, zone: string): string {
  let f = DAY_FORMATS.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(zone, f);
  }
  return f.format(at);
}

/** Judges a request's events for `product` in `region`: the accepted ones (with their day) and a refusal per other. */
export function judgeUsageEvents(product: string, raw: readonly unknown[], region: TRegion, now: Date): { events: TUsageEvent[]; rejected: TIngestAnswer['rejected'] } {
  const zone = REGION_PROFILES[region].timeZone;
  const events: TUsageEvent[] = [];
  const rejected: TIngestAnswer['rejected'] = [];
  const oldest = now.getTime() - INGEST_LATE_DAYS * DAY_MS;
  const newest = now.getTime() + INGEST_CLOCK_SKEW_S * 1000;
  raw.forEach((item, index) => {
    const parsed = ZUsageEventIn.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejected.push({ index, code: 'invalid', field: issue?.path.length ? issue.path.map(String).join('.') : null });
      return;
    }
    const e = parsed.data;
    if (e.product !== product) return void rejected.push({ index, code: 'product_mismatch', field: 'product' });
    if (!acceptsEventType(product, e.type)) return void rejected.push({ index, code: 'unknown_metric', field: 'type' });
    const at = new Date(e.occurred_at);
    if (at.getTime() < oldest) return void rejected.push({ index, code: 'too_old', field: 'occurred_at' });
    if (at.getTime() > newest) return void rejected.push({ index, code: 'in_future', field: 'occurred_at' });
    if (e.type === 'page_view' && !e.url) return void rejected.push({ index, code: 'url_required', field: 'url' });
    const dimensions: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.dimensions)) if (v) dimensions[k] = v;
    events.push({
      id: e.id.toLowerCase(), client_uuid: e.client_uuid.toLowerCase(), product, type: e.type as TUsageEvent['type'], occurred_at: at.toISOString(),
      day: dayInZone(at, zone), user_key: e.user_key, session_key: e.session_key, dimensions, url: e.url, title: e.title, value: e.value ?? 1,
    });
  });
  return { events, rejected };
}

/** Publishes one request's accepted events to `events.usage.events.<region>` (at-least-once; the consumer de-duplicates by event id). */
export async function publishUsageEvents(transport: Transport, region: TRegion, events: readonly TUsageEvent[], msgId: string, requestId: string, backfill = false): Promise<void> {
  if (!events.length) return;
  await transport.publish(usageEventsSubject(region), { shard: region, events, backfill }, msgId, { [Headers.requestId]: requestId, [Headers.region]: region });
}
