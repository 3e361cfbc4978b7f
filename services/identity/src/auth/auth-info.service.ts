import { Inject, Injectable } from '@nestjs/common';
import {
  ZAccountStatus, ZAuthority, ZContractType, ZLanguage, ZProductId, LEVELS,
  type TAuthInfo, type TAuthority, type TPrincipal, type TProductId,
} from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { AccountsRepository, type AccountWithTenant } from '../accounts/accounts.repository.js';
import { regionOf } from '../accounts/person-name.js';
import { contextOf } from './operator-context.js';

/** GET /v1/user-auth: the auth info of spec §3, from the principal's account and tenant. */
@Injectable()
export class AuthInfoService {
  constructor(@Inject(AccountsRepository) private readonly accounts: AccountsRepository) {}

  async forPrincipal(principal: TPrincipal | undefined): Promise<TAuthInfo> {
    if (!principal) throw new ServiceError(40000);
    const found = principal.proxy
      ? await this.proxySubject(principal)
      : await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    if (!found) throw new ServiceError(40000);
    return this.forAccount(found, principal.proxy);
  }

  async forAccount(found: AccountWithTenant, proxy: boolean): Promise<TAuthInfo> {
    const { account, tenant, shard } = found;
    const authority = account.authority ? ZAuthority.parse(account.authority) : null;
    const region = regionOf(shard);
    return {
      auth_flg: true,
      user_info: {
        uuid: account.uuid,
        email: account.email,
        family_name: account.familyName,
        given_name: account.givenName,
        language: ZLanguage.catch('ja-jp').parse(account.language),
        authority,
        status: ZAccountStatus.catch('active').parse(account.status),
        products: account.products.filter((p): p is TProductId => ZProductId.safeParse(p).success),
      },
      authority_info: {
        level: proxy ? 3 : authority ? LEVELS[authority as TAuthority] : 3,
        // During a support login the account is the client's owner, so the context is the client's.
        context: contextOf(account, tenant),
        client_uuid: tenant?.kind === 'client' ? tenant.uuid : null,
        partner_uuid: tenant?.kind === 'partner' ? tenant.uuid : null,
        company_name: tenant?.name ?? null,
        contract_type: ZContractType.catch('none').parse(tenant?.contractType),
        proxy,
        region,
      },
      login_pd_cnt: account.products.length,
      news_num: 0,
      top_notice_title: '',
      gmo_token_link: '',
      sidebar_law_url: '',
    };
  }

  /** During a support login the "account" is the client's owner as seen by the actor. */
  private async proxySubject(principal: TPrincipal): Promise<AccountWithTenant | null> {
    const tenant = await this.accounts.tenant(principal.home_shard, principal.client_uuid);
    if (!tenant) return null;
    const owner = await this.accounts.firstOwner(principal.home_shard, tenant.uuid);
    return owner ? { account: owner, tenant, shard: principal.home_shard } : null;
  }
}
