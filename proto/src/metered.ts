import { z } from 'zod';
import { ZShard, type TProductId } from './enums.js';
import { PRODUCT_EVENT_TYPES, type TUsageEventType } from './usage-events.js';

/**
 * Issue 23, item 3: metered plans billed from the usage rollups (docs/decisions.md "Issue 23 item 3
 * (metered)"). A metered plan-master row names its billing unit in free text (`unit`); the units
 * below are the ones a usage metric counts. A metered row whose unit is not here (storage in GB,
 * extra accounts) has no usage source and keeps its flat monthly amount.
 */
export const METERED_UNIT_METRICS: Readonly<Record<string, TUsageEventType>> = {
  pv: 'page_view', page_view: 'page_view', page_views: 'page_view',
  push: 'push', api_call: 'api_call', member: 'member', session: 'session', conversion: 'conversion', book_open: 'book_open',
};

/** The usage metric a metered row of `product` bills by its unit, or null when the product does not count it. */
export function meteredMetricOf(product: string, unit: string | null): TUsageEventType | null {
  if (!unit) return null;
  const metric = METERED_UNIT_METRICS[unit.trim().toLowerCase()];
  if (!metric) return null;
  const counted = PRODUCT_EVENT_TYPES[product as TProductId];
  return counted?.includes(metric) ? metric : null;
}

// ---- usage-log.usage.metered (internal) ----

/** Most usage sums one call asks for (a billing page of 500 clients with a few metered items each). */
export const METERED_USAGE_MAX = 5000;

/** The sums of a metric over inclusive day ranges (the region's calendar days), one per entry. */
export const ZMeteredUsageQuery = z.object({
  shard: ZShard,
  entries: z.array(z.object({
    client_uuid: z.uuid(),
    product: z.string().max(40),
    metric: z.string().max(40),
    from: z.iso.date(),
    to: z.iso.date(),
  })).max(METERED_USAGE_MAX),
});
export type TMeteredUsageQuery = z.infer<typeof ZMeteredUsageQuery>;
/** `quantities[i]` is the sum for `entries[i]` (0 when nothing was counted). */
export const ZMeteredUsage = z.object({ quantities: z.array(z.number().int().min(0)) });
export type TMeteredUsage = z.infer<typeof ZMeteredUsage>;

/**
 * A metered item's usage as the plan preview and the client's plan list show it: the month so far
 * in the plan's unit, and what the month would bill at that pace (projected to the month's end).
 */
export const ZMeteredView = z.object({
  unit: z.string(),
  unit_value: z.number().int(),
  range_lower: z.number().int().nullable(),
  range_upper: z.number().int().nullable(),
  /** The month so far (Tokyo business month; days of the region's calendar). */
  month: z.string(),
  month_to_date: z.number().int(),
  /** The month's usage at the pace so far, and its amount (minor units, excluding tax). */
  projected_usage: z.number().int(),
  projected_amount: z.number().int(),
  /** The invoice it is billed on (in arrears: the run of the next month). */
  billed_in: z.string(),
});
export type TMeteredView = z.infer<typeof ZMeteredView>;
