import { Inject, Injectable } from '@nestjs/common';
import { REGION_PROFILES, ZRegion, type InternalRequest, type TBillable } from '@portal/proto';
import { lastOfMonth } from '@portal/service-common/business-dates';
import { BillableRepository } from './billable.repository.js';
import { billableItems } from './billable.rules.js';

/** Issue 11, slice C2: answers `licence.contracts.billable` for billing's monthly run. */
@Injectable()
export class BillableService {
  constructor(@Inject(BillableRepository) private readonly repo: BillableRepository) {}

  async page(query: InternalRequest<'contractsBillable'>): Promise<TBillable> {
    const first = `${query.month}-01`;
    const last = lastOfMonth(first);
    const [rows, total] = await Promise.all([
      this.repo.page(query.shard, first, last, query.after, query.limit, query.client_uuid),
      query.after || query.client_uuid ? null : this.repo.count(query.shard, first, last),
    ]);
    const clients: TBillable['clients'] = [];
    for (const row of rows) {
      const region = ZRegion.catch('jpn').parse(row.region || query.shard);
      const currency = REGION_PROFILES[region].currency;
      // A contract in another currency than the region's would be a data error; it is not billed.
      const items = row.contracts.filter((c) => c.currency === currency).flatMap((c) => billableItems(c, query.month, region));
      if (items.length > 0) clients.push({ client_uuid: row.uuid, company_name: row.companyName, region, currency, items });
    }
    return { month: query.month, clients, scanned: rows.length, total, next_after: rows.length === query.limit ? (rows.at(-1)?.uuid ?? null) : null };
  }
}
