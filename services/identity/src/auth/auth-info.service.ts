import { Inject, Injectable } from '@nestjs/common';
import {
  ZAccountStatus, ZAuthority, ZContractType, ZLanguage, ZProductId, LEVELS,
  type TAuthInfo, type TAuthority, type TPrincipal, type TProductId,
} from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';
import { CLOCK, type Clock } from '@portal/service-common/clock';
// Issue 12, slice B: news_num and top_notice_title come from notification's notices.
import { INTERNAL_ROUTES, type TNoticeBadge, type TRegion } from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { createLogger } from '@portal/service-common/logger';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import { AccountsRepository, type AccountWithTenant } from '../accounts/accounts.repository.js';
import { regionOf } from '../accounts/person-name.js';
import { contextOf } from './operator-context.js';
import { publicUrl } from '../audit/mail.js';

const NOTICE_LOG_INTERVAL_MS = 60_000;
const LINK_CACHE_MS = 60_000;

/** GET /v1/user-auth: the auth info of spec §3, from the principal's account and tenant. */
@Injectable()
export class AuthInfoService {
  private readonly log = createLogger('AuthInfoService');
  /** Notice-badge failures since the last log line, and when that was (ms). */
  private unavailable = 0;
  private loggedAt = Number.NEGATIVE_INFINITY;
  /** Issue 22: the page links of the auth info, per origin, with when they were asked. */
  private linksLoggedAt = Number.NEGATIVE_INFINITY;
  private readonly linkCache = new Map<string, { at: number; links: { sidebar_law_url: string; gmo_token_link: string } }>();
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

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
    const [notices, links] = await Promise.all([this.noticeBadge(region, account.uuid, tenant), this.pageLinks()]);
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
        // An operator's support login into a partner's area works in the partner's context.
        context: proxy && tenant?.kind === 'partner' ? (tenant.contractType === 'primary' ? 'primary_partner' : 'partner') : contextOf(account, tenant),
        client_uuid: tenant?.kind === 'client' ? tenant.uuid : null,
        partner_uuid: tenant?.kind === 'partner' ? tenant.uuid : null,
        company_name: tenant?.name ?? null,
        contract_type: ZContractType.catch('none').parse(tenant?.contractType),
        proxy,
        region,
      },
      login_pd_cnt: account.products.length,
      news_num: notices.news_num,
      top_notice_title: notices.top_notice_title,
      gmo_token_link: links.gmo_token_link,
      sidebar_law_url: links.sidebar_law_url,
    };
  }

  /**
   * Issue 22: `sidebar_law_url` (licence's terms-and-conditions URL of the Specified Commercial
   * Transactions Act notice) and `gmo_token_link` (billing's configured gateway's tokeniser script
   * for the origin in use). Both change rarely and every page load asks for the auth info, so an
   * answer is kept for a minute per origin; when a service does not answer, the field is empty
   * (the side menu then shows no link) and nothing is kept.
   */
  private async pageLinks(): Promise<{ sidebar_law_url: string; gmo_token_link: string }> {
    const origin = new URL(publicUrl('/')).origin;
    // The injected clock, so that a test can let a kept answer age.
    const now = this.clock.now().getTime();
    const kept = this.linkCache.get(origin);
    if (kept && now - kept.at < LINK_CACHE_MS) return kept.links;
    const [law, script] = await Promise.all([
      ask(this.transport, INTERNAL_ROUTES.lawUrl, {}).then((a) => a.url, (error: unknown) => this.unanswered('law url', error)),
      ask(this.transport, INTERNAL_ROUTES.tokenScript, { origin }).then((a) => a.script_url, (error: unknown) => this.unanswered('token script', error)),
    ]);
    const links = { sidebar_law_url: law ?? '', gmo_token_link: script ?? '' };
    if (law !== null && script !== null) this.linkCache.set(origin, { at: now, links });
    return links;
  }

  /** At most one log line a minute while a service does not answer (every page load would write one). */
  private unanswered(what: string, error: unknown): null {
    const now = Date.now(); // eslint-disable-line no-restricted-syntax -- a log throttle, not a business date
    if (now - this.linksLoggedAt >= NOTICE_LOG_INTERVAL_MS) {
      this.log.warn({ err: error instanceof Error ? error.message : String(error), what }, 'auth info link unavailable');
      this.linksLoggedAt = now;
    }
    return null;
  }

  /**
   * Issue 12, slice B: the account's unread notices and the top notice's title, one request to
   * notification (one statement there). Notices are a convenience: when notification does not
   * answer, login and the auth info go on with none (logged), rather than fail.
   */
  private async noticeBadge(region: TRegion, accountUuid: string, tenant: AccountWithTenant['tenant']): Promise<TNoticeBadge> {
    const clientUuid = tenant?.kind === 'client' ? tenant.uuid : null;
    const partnerUuid = tenant?.kind === 'partner' ? tenant.uuid : null;
    if (!clientUuid && !partnerUuid) return { news_num: 0, top_notice_title: '' };
    try {
      return await ask(this.transport, INTERNAL_ROUTES.noticeBadge, { region, account_uuid: accountUuid, client_uuid: clientUuid, partner_uuid: partnerUuid });
    } catch (error) {
      // At most one line per minute, with the count since the last one: while notification is
      // down, every login and auth-info call would otherwise write one.
      this.unavailable++;
      const now = Date.now(); // eslint-disable-line no-restricted-syntax -- a log throttle, not a business date
      if (now - this.loggedAt >= NOTICE_LOG_INTERVAL_MS) {
        this.log.warn({ err: error instanceof Error ? error.message : String(error), failures: this.unavailable }, 'notice badge unavailable');
        this.loggedAt = now;
        this.unavailable = 0;
      }
      return { news_num: 0, top_notice_title: '' };
    }
  }

  /** During a support login the "account" is the client's owner as seen by the actor. */
  private async proxySubject(principal: TPrincipal): Promise<AccountWithTenant | null> {
    if (!principal.client_uuid && principal.partner_uuid) {
      // Issue 14: an operator in a partner's area sees the partner's first account (its own, if the partner has none).
      const partner = await this.accounts.tenant(principal.home_shard, principal.partner_uuid);
      if (!partner) return null;
      const first = await this.accounts.firstAccount(principal.home_shard, partner.uuid);
      if (first) return { account: first, tenant: partner, shard: principal.home_shard };
      const own = await this.accounts.accountByUuid('global', principal.account_uuid);
      return own ? { account: own, tenant: partner, shard: principal.home_shard } : null;
    }
    const tenant = await this.accounts.tenant(principal.home_shard, principal.client_uuid);
    if (!tenant) return null;
    const owner = await this.accounts.firstOwner(principal.home_shard, tenant.uuid);
    return owner ? { account: owner, tenant, shard: principal.home_shard } : null;
  }
}
