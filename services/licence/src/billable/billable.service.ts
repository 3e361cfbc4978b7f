import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, REGION_PROFILES, ZRegion, type InternalRequest, type TBillable, type TShard } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { addMonths, lastOfMonth } from '@portal/service-common/business-dates';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { BillableRepository, type BillableClientRow } from './billable.repository.js';
import { billableItems, usageKey, usageNeeds, type UsageNeed } from './billable.rules.js';
import { ItemMeters } from './item-meters.js';

/** Issue 11, slice C2: answers `licence.contracts.billable` for billing's monthly run. */
@Injectable()
export class BillableService {
  constructor(
    @Inject(BillableRepository) private readonly repo: BillableRepository,
    @Inject(ItemMeters) private readonly meters: ItemMeters,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async page(query: InternalRequest<'contractsBillable'>): Promise<TBillable> {
    const first = `${query.month}-01`;
    const last = lastOfMonth(first);
    // Issue 23: metered usage is billed in arrears, so a contract that ended last month still bills its usage.
    const since = addMonths(first, -1);
    const [rows, total] = await Promise.all([
      this.repo.page(query.shard, since, last, query.after, query.limit, query.client_uuid),
      query.after || query.client_uuid ? null : this.repo.count(query.shard, since, last),
    ]);
    const billable = rows.map((row) => {
      const region = ZRegion.catch('jpn').parse(row.region || query.shard);
      const currency = REGION_PROFILES[region].currency;
      // A contract in another currency than the region's would be a data error; it is not billed.
      return { row, region, currency, contracts: row.contracts.filter((c) => c.currency === currency) };
    });
    const usage = await this.usage(query.shard, query.month, billable.flatMap((b) => b.contracts));
    const clients: TBillable['clients'] = [];
    for (const { row, region, currency, contracts } of billable) {
      const items = contracts.flatMap((c) => billableItems(c, query.month, region, usage));
      if (items.length > 0) clients.push({ client_uuid: row.uuid, company_name: row.companyName, region, currency, items });
    }
    return { month: query.month, clients, scanned: rows.length, total, next_after: rows.length === query.limit ? (rows.at(-1)?.uuid ?? null) : null };
  }

  /**
   * Issue 23, item 3: marks the metered items of the contracts (plan master) and asks usage-log for
   * the usage each bills, in one call per page (billing never reads the usage tables).
   */
  private async usage(shard: TShard, month: string, contracts: BillableClientRow['contracts']): Promise<Map<string, number>> {
    const meters = await this.meters.of(contracts.flatMap((c) => c.items.map((i) => i.planId)));
    const quantities = new Map<string, number>();
    if (meters.size === 0) return quantities;
    for (const c of contracts) for (const i of c.items) i.meter = meters.get(i.planId) ?? null;
    const needs: (UsageNeed & { client: string })[] = contracts.flatMap((c) => usageNeeds(c, month).map((n) => ({ ...n, client: c.clientUuid })));
    if (needs.length === 0) return quantities;
    const answer = await ask(this.transport, INTERNAL_ROUTES.meteredUsage, {
      shard, entries: needs.map((n) => ({ client_uuid: n.client, product: n.product, metric: n.metric, from: n.from, to: n.to })),
    });
    needs.forEach((n, i) => quantities.set(usageKey(n.contractId, n.planId), answer.quantities[i] ?? 0));
    return quantities;
  }
}
