import { Inject, Injectable } from '@nestjs/common';
import { areaOf, type TPrincipal, type TProxyEligibilityAnswer, type TRegion } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { ProxyLoginService } from './proxy-login.service.js';

/**
 * For the partner's and operator's client list (licence asks over the transport): whether the
 * principal could start a support login into each client now, by the same rules as
 * POST /v1/proxy_login/issue, from the caller's address as the gateway saw it.
 */
@Injectable()
export class ProxyEligibilityService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(ProxyLoginService) private readonly proxy: ProxyLoginService,
  ) {}

  async check(principal: TPrincipal, clients: readonly { uuid: string; region: TRegion }[]): Promise<TProxyEligibilityAnswer> {
    const area = areaOf(principal);
    // Only partners and operators start support logins (a support session is in the client area).
    if (area === 'client') return { clients: clients.map((c) => ({ ...c, possible: false, reason: 'cannot' })) };
    const actorKind = area === 'operator' ? 'operator' : 'partner';
    const partnerUuid = area === 'partner' ? principal.partner_uuid : null;
    const regions = [...new Set(clients.map((c) => c.region))];
    const tenants = new Map((await Promise.all(regions.map(async (region) =>
      (await this.accounts.tenantsByUuid(region, clients.filter((c) => c.region === region).map((c) => c.uuid))).map((t) => [`${region}/${t.uuid}`, t] as const),
    ))).flat());
    const ip = requireContext().clientIp;
    return {
      clients: clients.map((c) => {
        const reason = this.proxy.refusal(tenants.get(`${c.region}/${c.uuid}`) ?? null, actorKind, partnerUuid, ip);
        return { uuid: c.uuid, region: c.region, possible: reason === null, reason };
      }),
    };
  }
}
