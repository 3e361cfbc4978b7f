import { Inject, Injectable } from '@nestjs/common';
import { meteredMetricOf } from '@portal/proto';
import { PlansRepository } from '../plan-master/plans.repository.js';
import type { ItemMeter } from './billable.rules.js';

type MeteredRow = { product: string; billingType: string; unit: string | null; unitValue: number | null };

/** Issue 23: the usage metric a plan master row bills by (metered in a unit a usage metric of its product counts), else null. */
function usageMeterOf(p: MeteredRow): Pick<ItemMeter, 'metric' | 'unit' | 'unitValue'> | null {
  if (p.billingType !== 'metered' || !p.unit || !p.unitValue || p.unitValue < 1) return null;
  const metric = meteredMetricOf(p.product, p.unit);
  return metric ? { metric, unit: p.unit, unitValue: p.unitValue } : null;
}

/** Issue 23: a plan master row bills by usage (its items are no monthly fee). */
export const billsByUsage = (p: MeteredRow): boolean => usageMeterOf(p) !== null;

/**
 * Issue 23, item 3: how the metered rows among some plan ids bill (plan master, global shard): the
 * unit, its value and range as the master says now, and the usage metric the unit counts. Rows that
 * are fixed, or metered in a unit no usage metric counts, are absent (they bill their flat amount).
 */
@Injectable()
export class ItemMeters {
  constructor(@Inject(PlansRepository) private readonly plans: PlansRepository) {}

  async of(planIds: Iterable<string>): Promise<Map<string, ItemMeter>> {
    const ids = [...new Set(planIds)];
    const meters = new Map<string, ItemMeter>();
    if (ids.length === 0) return meters;
    for (const p of await this.plans.getMany(ids)) {
      const meter = usageMeterOf(p);
      if (meter) meters.set(p.id, { ...meter, lower: p.rangeLower, upper: p.rangeUpper });
    }
    return meters;
  }
}
