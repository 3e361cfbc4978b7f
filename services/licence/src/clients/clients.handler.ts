import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, INTERNAL_ROUTES, PARTNER_AUDIT_SCOPE_MAX, REGIONS, areaOf, clientScope, type ApiRequest, type InternalRequest, type TClientRegistered, type TRegion } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { requirePrincipal } from '@portal/service-common/principal';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { ClientListService } from './client-list.service.js';
import { ClientsRepository } from './clients.repository.js';

/** Clients: created when identity registers a company (events.identity.client.registered); the partner's and operator's list. */
@Injectable()
export class ClientsHandler {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(ClientListService) private readonly list: ClientListService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @Handles(API_ROUTES.clientList)
  clientList(query: ApiRequest<'clientList'>) {
    return this.list.list(requirePrincipal(), query);
  }

  /** Issue 11, slice B: the clients that exist among these (operators only: anyone else learns nothing). */
  @Handles(INTERNAL_ROUTES.clientNames)
  async clientNames(query: InternalRequest<'clientNames'>) {
    if (areaOf(requirePrincipal()) !== 'operator') return { clients: [] };
    const byRegion = new Map<TRegion, string[]>();
    for (const c of query.clients) byRegion.set(c.region, [...(byRegion.get(c.region) ?? []), c.uuid.toLowerCase()]);
    const found = await Promise.all([...byRegion].map(async ([region, uuids]) =>
      (await this.clients.names(region, uuids)).map((r) => ({ uuid: r.uuid, region, company_name: r.companyName }))));
    return { clients: found.flat() };
  }

  /**
   * Issue 25: the partners and clients a partner's audit log covers (its scope of the client list:
   * its own clients, and a primary partner's sub-partners' too), at most PARTNER_AUDIT_SCOPE_MAX
   * clients. Anyone but a partner gets an empty scope.
   */
  @Handles(INTERNAL_ROUTES.partnerAuditScope)
  async partnerAuditScope() {
    const scope = clientScope(requirePrincipal());
    if (!scope || 'all' in scope) return { partners: [], clients: [], truncated: false };
    const partners = [scope.partner, ...(scope.includeSubPartners ? await this.clients.subPartners(scope.partner) : [])];
    const found = (await Promise.all(REGIONS.map(async (region) =>
      (await this.clients.ofPartners(region, partners, PARTNER_AUDIT_SCOPE_MAX + 1)).map((r) => ({ uuid: r.uuid, region, company_name: r.companyName }))))).flat();
    return { partners, clients: found.slice(0, PARTNER_AUDIT_SCOPE_MAX), truncated: found.length > PARTNER_AUDIT_SCOPE_MAX };
  }

  /** Issue 23: what the principal's own client's invoices print about it (tenancy from the principal; no client, nothing). */
  @Handles(INTERNAL_ROUTES.invoiceParty)
  async invoiceParty() {
    const principal = requirePrincipal();
    if (!principal.client_uuid) return { corporate_number: '' };
    return { corporate_number: await this.clients.corporateNumber(principal.region, principal.client_uuid) };
  }

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.identity.clientRegistered)
  clientRegistered(event: TClientRegistered, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'licence-client-registered', msgId, (tx) => this.clients.createRegistered(tx, event));
  }
}
