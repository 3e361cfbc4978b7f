import { Inject, Injectable } from '@nestjs/common';
import { INTERNAL_ROUTES, REGION_PROFILES, ZLanguage, searchTerm, type InternalReply, type InternalRequest } from '@portal/proto';
import { recipientName } from '../accounts/person-name.js';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { BackofficeLookupRepository } from './backoffice-lookup.repository.js';
import { TenantSearchRepository } from './tenant-search.repository.js';

/** Operators and partners only: these answers name other tenants. */
function requireBackOffice(): void {
  const principal = requirePrincipal();
  if (principal.context === 'client') throw ServiceError.forbidden();
}

@Injectable()
export class BackofficeLookupHandler {
  constructor(
    @Inject(BackofficeLookupRepository) private readonly lookup: BackofficeLookupRepository,
    @Inject(TenantSearchRepository) private readonly search: TenantSearchRepository,
  ) {}

  @Handles(INTERNAL_ROUTES.emailOwner)
  async emailOwner(input: InternalRequest<'emailOwner'>): Promise<InternalReply<'emailOwner'>> {
    const ctx = requireContext();
    // The embedded form has no session: licence asks on its behalf with no principal.
    if (ctx.principal && ctx.principal.context === 'client') throw ServiceError.forbidden();
    const owner = await this.lookup.emailOwner(ctx.region, input.email);
    return { owner: owner ? { kind: owner.kind, tenant_uuid: owner.tenantUuid, account_uuid: owner.uuid } : null };
  }

  /**
   * Issue 25: the tenants whose accounts match a search term. An operator may search every client or
   * partner; a partner only clients, within partners that include its own (licence sends its scope).
   */
  @Handles(INTERNAL_ROUTES.tenantSearch)
  async tenantSearch(input: InternalRequest<'tenantSearch'>): Promise<InternalReply<'tenantSearch'>> {
    requireBackOffice();
    const principal = requirePrincipal();
    if (principal.context !== 'operator' && (input.kind !== 'client' || !input.partners?.includes(principal.partner_uuid ?? ''))) throw ServiceError.forbidden();
    return this.search.matching(searchTerm(input.term), input.kind, input.partners, input.limit);
  }

  /**
   * Issue 25 point 2: billing mails a client's owners when its payment method changes. An operator
   * may ask for any client of the region; a client's own session (its card changed) for its own
   * company only; nobody else.
   */
  @Handles(INTERNAL_ROUTES.clientOwners)
  async clientOwners(input: InternalRequest<'clientOwners'>): Promise<InternalReply<'clientOwners'>> {
    const principal = requirePrincipal();
    const own = principal.context === 'client' && input.clients.every((c) => c.toLowerCase() === principal.client_uuid?.toLowerCase());
    if (principal.context !== 'operator' && !own) throw ServiceError.forbidden();
    const fallback = REGION_PROFILES[input.region].defaultLanguage;
    const uuids = input.clients.map((c) => c.toLowerCase());
    const [owners, names] = await Promise.all([this.lookup.owners(input.region, uuids), this.lookup.tenantNames(input.region, uuids)]);
    return {
      owners: owners.map((o) => ({
        client_uuid: o.tenantUuid ?? '', company_name: names.get(o.tenantUuid ?? '') ?? '', email: o.email, language: ZLanguage.safeParse(o.language).data ?? fallback, name: recipientName(input.region, o),
      })),
    };
  }

  @Handles(INTERNAL_ROUTES.partnerDirectory)
  async partnerDirectory(): Promise<InternalReply<'partnerDirectory'>> {
    requireBackOffice();
    return { partners: await this.lookup.partners(requireContext().region) };
  }
}
