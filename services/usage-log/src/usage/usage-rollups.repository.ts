import { Injectable } from '@nestjs/common';
import type { TShard, TUsageEvent } from '@portal/proto';
import type { Tx } from '../db.js';
import { emptySketch, hllAdd, sketchFrom } from './hll.js';

/** Event ids are kept this long (the retention rule usage_events_seen); older events are dropped by the consumer (counted). */
export const SEEN_RETENTION_DAYS = 8;
const DAY_MS = 86_400_000;

export interface ApplyResult { applied: number; duplicates: number; dropped: number }

interface DailyRow { client: string; product: string; metric: string; dimension: string; value: string; day: string; count: number; title: string | null }

const SEP = '\u0000';

/**
 * The rollup writer (the JetStream consumer's unit of work). One batch, one transaction:
 *   1. the batch's event ids go into `usage_events_seen`; only the ids new there are counted;
 *   2. one INSERT … ON CONFLICT DO UPDATE adds the batch's counts to `usage_daily`;
 *   3. the day sketches of the users in the batch are merged into `usage_distinct`;
 *   4. `usage_watermarks` records the freshness per client and product.
 * Batches of one shard are serialised by a transaction-level advisory lock, so concurrent
 * consumers (two instances, or the redelivery of a slow batch) never lose a sketch update.
 */
@Injectable()
export class UsageRollupsRepository {
  async apply(tx: Tx, shard: TShard, events: readonly TUsageEvent[], now: Date, backfill = false): Promise<ApplyResult> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`usage-rollups:${shard}`}))`;
    const oldest = now.getTime() - SEEN_RETENTION_DAYS * DAY_MS;
    const fresh = new Map<string, TUsageEvent>();
    let dropped = 0;
    const droppedBy = new Map<string, number>();
    for (const e of events) {
      if (!backfill && Date.parse(e.occurred_at) < oldest) {
        dropped++;
        const k = `${e.client_uuid}${SEP}${e.product}`;
        droppedBy.set(k, (droppedBy.get(k) ?? 0) + 1);
        continue;
      }
      if (!fresh.has(e.id)) fresh.set(e.id, e);
    }
    const ids = [...fresh.keys()];
    const newIds = ids.length
      ? new Set((await tx.$queryRaw<{ event_id: string }[]>`
          INSERT INTO usage_events_seen (event_id, seen_at) SELECT unnest(${ids}::uuid[]), ${now}
          ON CONFLICT (event_id) DO NOTHING RETURNING event_id::text`).map((r) => r.event_id))
      : new Set<string>();
    const counted = [...fresh.values()].filter((e) => newIds.has(e.id));

    // 2. Counts per (client, product, metric, dimension, value, day).
    const rows = new Map<string, DailyRow>();
    const add = (e: TUsageEvent, dimension: string, value: string, title: string | null = null) => {
      const key = [e.client_uuid, e.product, e.type, dimension, value, e.day].join(SEP);
      const row = rows.get(key);
      if (row) {
        row.count += e.value;
        if (title !== null) row.title = title;
      } else rows.set(key, { client: e.client_uuid, product: e.product, metric: e.type, dimension, value, day: e.day, count: e.value, title });
    };
    for (const e of counted) {
      add(e, '', '');
      for (const [dim, value] of Object.entries(e.dimensions)) if (value) add(e, dim, value);
      if (e.url && e.type === 'page_view') add(e, 'url', e.url, e.title ?? null);
    }
    if (rows.size) {
      const list = [...rows.values()];
      await tx.$executeRaw`
        INSERT INTO usage_daily (client_uuid, product, metric, dimension, dimension_value, day, count, title)
        SELECT * FROM unnest(${list.map((r) => r.client)}::uuid[], ${list.map((r) => r.product)}::text[], ${list.map((r) => r.metric)}::text[],
                             ${list.map((r) => r.dimension)}::text[], ${list.map((r) => r.value)}::text[], ${list.map((r) => r.day)}::date[],
                             ${list.map((r) => r.count)}::bigint[], ${list.map((r) => r.title)}::text[])
        ON CONFLICT (client_uuid, product, metric, dimension, dimension_value, day)
        DO UPDATE SET count = usage_daily.count + excluded.count, title = coalesce(excluded.title, usage_daily.title)`;
    }

    // 3. Distinct users: the batch's users per (client, product, day), merged into the stored sketch.
    const users = new Map<string, Set<string>>();
    for (const e of counted) {
      if (!e.user_key) continue;
      const key = [e.client_uuid, e.product, e.day].join(SEP);
      const set = users.get(key) ?? new Set<string>();
      set.add(e.user_key);
      users.set(key, set);
    }
    if (users.size) {
      const keys = [...users.keys()].map((k) => k.split(SEP) as [string, string, string]);
      const stored = await tx.$queryRaw<{ client_uuid: string; product: string; day: string; sketch: Uint8Array }[]>`
        SELECT client_uuid::text, product, day::text, sketch FROM usage_distinct
         WHERE (client_uuid, product, day) IN (SELECT * FROM unnest(${keys.map((k) => k[0])}::uuid[], ${keys.map((k) => k[1])}::text[], ${keys.map((k) => k[2])}::date[]))`;
      const existing = new Map(stored.map((r) => [[r.client_uuid, r.product, r.day].join(SEP), r.sketch]));
      const out: Array<{ key: [string, string, string]; sketch: Uint8Array }> = [];
      for (const [k, set] of users) {
        const before = existing.get(k);
        const sketch = before ? sketchFrom(before) : emptySketch();
        let changed = !before;
        for (const u of set) if (hllAdd(sketch, u)) changed = true;
        if (changed) out.push({ key: k.split(SEP) as [string, string, string], sketch });
      }
      if (out.length) {
        await tx.$executeRaw`
          INSERT INTO usage_distinct (client_uuid, product, day, sketch)
          SELECT * FROM unnest(${out.map((o) => o.key[0])}::uuid[], ${out.map((o) => o.key[1])}::text[], ${out.map((o) => o.key[2])}::date[],
                               ${out.map((o) => Buffer.from(o.sketch))}::bytea[])
          ON CONFLICT (client_uuid, product, day) DO UPDATE SET sketch = excluded.sketch`;
      }
    }

    // 4. Freshness.
    const marks = new Map<string, { events: number; dropped: number; last: number }>();
    for (const e of counted) {
      const k = `${e.client_uuid}${SEP}${e.product}`;
      const m = marks.get(k) ?? { events: 0, dropped: 0, last: 0 };
      m.events += e.value;
      m.last = Math.max(m.last, Date.parse(e.occurred_at));
      marks.set(k, m);
    }
    for (const [k, n] of droppedBy) {
      const m = marks.get(k) ?? { events: 0, dropped: 0, last: 0 };
      m.dropped += n;
      marks.set(k, m);
    }
    if (marks.size) {
      const list = [...marks.entries()].map(([k, m]) => ({ k: k.split(SEP) as [string, string], ...m }));
      await tx.$executeRaw`
        INSERT INTO usage_watermarks (client_uuid, product, applied_at, last_event_at, events, dropped)
        SELECT c, p, ${now}, to_timestamp(l / 1000.0), e, d
          FROM unnest(${list.map((m) => m.k[0])}::uuid[], ${list.map((m) => m.k[1])}::text[], ${list.map((m) => m.last)}::bigint[],
                      ${list.map((m) => m.events)}::bigint[], ${list.map((m) => m.dropped)}::bigint[]) AS x(c, p, l, e, d)
        ON CONFLICT (client_uuid, product) DO UPDATE SET
          applied_at = CASE WHEN excluded.events > 0 THEN excluded.applied_at ELSE usage_watermarks.applied_at END,
          last_event_at = greatest(usage_watermarks.last_event_at, excluded.last_event_at),
          events = usage_watermarks.events + excluded.events, dropped = usage_watermarks.dropped + excluded.dropped`;
    }
    return { applied: counted.length, duplicates: fresh.size - counted.length + (events.length - dropped - fresh.size), dropped };
  }
}
