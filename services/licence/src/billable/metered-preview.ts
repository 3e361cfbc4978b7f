import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, type TMeteredView, type TShard } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { addMonths, businessDate, daysInMonth, firstOfMonth, monthOf } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { createLogger } from '@portal/service-common/logger';
import { meteredCharge, projectedUsage } from '@portal/service-common/metered-pricing';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { ItemMeters } from './item-meters.js';

const log = createLogger('MeteredPreview');

/** One item to show: `key` names it in the answer. */
export interface MeteredItemRef { key: string; product: string; planId: string; amount: number }

/**
 * Issue 23, item 3: the month-to-date usage of a client's metered items and what the month would
 * bill at that pace (the plan preview, the client's plan list). One usage-log call for all of them;
 * when usage-log does not answer the screens show no usage rather than fail.
 */
@Injectable()
export class MeteredPreview {
  constructor(
    @Inject(ItemMeters) private readonly meters: ItemMeters,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async views(shard: TShard, clientUuid: string, items: readonly MeteredItemRef[]): Promise<Map<string, TMeteredView>> {
    const out = new Map<string, TMeteredView>();
    if (items.length === 0) return out;
    const meters = await this.meters.of(items.map((i) => i.planId));
    const metered = items.filter((i) => meters.has(i.planId));
    if (metered.length === 0) return out;
    const today = businessDate(this.clock.now());
    const first = firstOfMonth(today);
    let quantities: number[];
    try {
      ({ quantities } = await ask(this.transport, INTERNAL_ROUTES.meteredUsage, {
        shard, entries: metered.map((i) => ({ client_uuid: clientUuid, product: i.product, metric: meters.get(i.planId)!.metric, from: first, to: today })),
      }));
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'month-to-date usage not read');
      return out;
    }
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    metered.forEach((item, i) => {
      const meter = meters.get(item.planId)!;
      const used = quantities[i] ?? 0;
      const projected = projectedUsage(used, day, daysInMonth(year, month));
      out.set(item.key, {
        unit: meter.unit, unit_value: meter.unitValue, range_lower: meter.lower, range_upper: meter.upper, month: monthOf(today),
        month_to_date: used, projected_usage: projected,
        projected_amount: meteredCharge(projected, { unitValue: meter.unitValue, lower: meter.lower, upper: meter.upper, unitAmount: item.amount }).amount,
        billed_in: monthOf(addMonths(first, 1)),
      });
    });
    return out;
  }
}
