import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, type InternalRequest, type TClientStanding, type TShard } from '@portal/proto';
import { businessDate } from '@portal/service-common/business-dates';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { hostRegion } from '@portal/service-common/context';
import { Handles } from '@portal/service-common/service-host';
import { ClientStandingRepository } from './client-standing.repository.js';

/**
 * Issue 12, slice B. Internal (notification asks): which of a set of clients are paid, and their
 * partner; without a set, every paid client of the host's region. Notification never reads
 * licence or billing tables itself.
 */
@Injectable()
export class ClientStandingHandler {
  constructor(
    @Inject(ClientStandingRepository) private readonly standing: ClientStandingRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Handles(INTERNAL_ROUTES.clientStanding)
  async clientStanding(query: InternalRequest<'clientStanding'>): Promise<TClientStanding> {
    const today = new Date(`${businessDate(this.clock.now())}T00:00:00Z`);
    const rows = await this.standing.standing(hostRegion() as TShard, query.client_uuids ?? null, today);
    return { clients: rows.map((r) => ({ client_uuid: r.clientUuid, company_name: r.companyName, paid: r.paid, partner_uuid: r.partnerUuid })) };
  }
}
