import { Inject, Injectable } from '@nestjs/common';
import { AccessCode, type TOperatorContext, type TPrincipal, type TRegion, type TSessionGrant, type TShard, type TSupportLoginRefusal } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { ServiceError } from '@portal/service-common/errors';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { canLogIn } from '../accounts/account.rules.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { accountName, regionOf } from '../accounts/person-name.js';
import { recordOperation } from '../audit/audit.js';
import { publicUrl } from '../audit/mail.js';
import { AuthInfoService } from '../auth/auth-info.service.js';
import type { LoginResult } from '../auth/login.service.js';
import type { Account, Tenant, Tx } from '../db.js';
import { shardOf } from '../passwords/tokens.js';
import { SessionService } from '../sessions/session.service.js';
import { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { supportLoginRefusal, type TProxyActorKind } from './proxy-permission.js';

interface ProxyPayload {
  actor_uuid: string; actor_shard: TShard; actor_kind: TProxyActorKind; actor_name: string; client_uuid: string;
  /** Issue 14: `partner` when an operator opens a partner's area (client_uuid then names the partner). Absent: a client. */
  target?: 'client' | 'partner';
  /** Issue 25: the person and the partner company apart, for the audit trail's actor (links issued before: absent). */
  actor_person?: string; actor_org?: string | null; actor_org_uuid?: string | null;
}

const refuse = (key: string) => new ServiceError(AccessCode.PROXY_FORBIDDEN, key);
/** A support-login link that cannot be used (used, expired or unknown alike: the partner issues another). */
const invalidLink = () => new ServiceError(AccessCode.FORM_ERROR, 'token.invalid');

/**
 * Support (proxy) login (spec §6): a partner (single-content-provider and referral contracts
 * only) or an operator opens a client's portal, when the client permits that party and the
 * client's IP restriction admits the caller. The link is single-use and lives 60 s; the session
 * is marked as a support session and appears in the client's operation log.
 */
@Injectable()
export class ProxyLoginService {
  constructor(
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(AuthInfoService) private readonly authInfo: AuthInfoService,
    @Inject(OneTimeTokenService) private readonly tokens: OneTimeTokenService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async issue(principal: TPrincipal, clientUuid: string, region?: TRegion): Promise<{ url: string; expires_at: string }> {
    const shard: TShard = region ?? principal.region;
    const client = await this.accounts.tenant(shard, clientUuid);
    const actorKind = principal.context === 'operator' ? 'operator' : 'partner';
    this.check(client, actorKind, principal.partner_uuid);
    const actor = await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    if (!actor) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    // The client's log and sessions show the name: written in the client's region's order.
    const name = accountName(regionOf(shard), actor.account);
    const payload: ProxyPayload = {
      actor_uuid: actor.account.uuid, actor_shard: principal.home_shard, actor_kind: actorKind,
      actor_name: actor.tenant ? `${name} (${actor.tenant.name})` : name,
      client_uuid: client.uuid,
      actor_person: name, actor_org: actor.tenant?.name ?? null, actor_org_uuid: actor.tenant?.uuid ?? null,
    };
    return this.issueLink(shard, payload);
  }

  /**
   * Issue 14: an operator's support login into a partner's area (in-house is set there, spec §6).
   * Only an active partner (not suspended, not awaiting review or rejected: identity's tenant is
   * active exactly then); the payload says the target is a partner.
   */
  async issueForPartner(principal: TPrincipal, partnerUuid: string, region?: TRegion): Promise<{ url: string; expires_at: string }> {
    if (principal.context !== 'operator') throw refuse('proxy.cannot');
    const shard: TShard = region ?? principal.region;
    const partner = await this.accounts.tenant(shard, partnerUuid);
    if (!activePartner(partner)) throw refuse('proxy.partner_unavailable');
    const actor = await this.accounts.findByUuid(principal.home_shard, principal.account_uuid);
    if (!actor) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    const payload: ProxyPayload = {
      actor_uuid: actor.account.uuid, actor_shard: principal.home_shard, actor_kind: 'operator',
      actor_name: accountName(regionOf(shard), actor.account), client_uuid: partner.uuid, target: 'partner',
      actor_person: accountName(regionOf(shard), actor.account), actor_org: null, actor_org_uuid: null,
    };
    return this.issueLink(shard, payload);
  }

  /** The single-use link (60 s) that opens the support session `payload` describes, in the target's shard. */
  private async issueLink(shard: TShard, payload: ProxyPayload): Promise<{ url: string; expires_at: string }> {
    const { token, expiresAt } = await this.tokens.issue(shard, shard, { purpose: 'proxy_login', accountUuid: payload.actor_uuid, payload: { ...payload } });
    // Issue 25: issuing the link reaches the audit log (its use is `proxy_login`); the actor comes from the request's principal.
    await this.uow.run(shard, (tx) => recordOperation(tx, {
      shard, clientUuid: payload.client_uuid, accountUuid: null, operation: 'proxy_link_issued',
      detail: {}, target: { type: payload.target === 'partner' ? 'partner' : 'client', id: payload.client_uuid },
    }));
    return { url: publicUrl(`/proxy_login/${token}`), expires_at: expiresAt.toISOString() };
  }

  async use(token: string): Promise<LoginResult> {
    const shard = shardOf(token);
    if (!shard) throw refuse('proxy.cannot');
    const opened = await this.tokens.inspect(shard, token, 'proxy_login');
    if (opened.state !== 'live') throw invalidLink();
    const payload = opened.token.payload as unknown as ProxyPayload;
    if (payload.target === 'partner') return this.usePartner(shard, token, payload);
    const client = await this.accounts.tenant(shard, payload.client_uuid);
    if (!client || client.status !== 'active') throw refuse('proxy.cannot');
    const actor = await this.accounts.findByUuid(payload.actor_shard, payload.actor_uuid);
    // The actor must be able to log in (the same rule the support session's re-check applies).
    if (!actor || !canLogIn(actor.account.status) || (actor.tenant && actor.tenant.status !== 'active')) throw refuse('proxy.cannot');
    // Permissions, the agency and the IP restriction (of the address using the link) may have changed since it was issued.
    this.check(client, payload.actor_kind, payload.actor_kind === 'partner' ? actor.account.tenantUuid : null);

    const grant = await this.startSession(shard, token, payload, actor.account, client, 'client');
    const owner = await this.accounts.firstOwner(shard, client.uuid);
    return {
      mfa_required: false,
      ...(owner ? { auth_info: await this.authInfo.forAccount({ account: owner, tenant: client, shard }, true) } : {}),
      session: grant,
    };
  }

  /** Redeems a link into a partner's area: a support session on the partner's tenant, in its context, acted by the operator. */
  private async usePartner(shard: TShard, token: string, payload: ProxyPayload): Promise<LoginResult> {
    const partner = await this.accounts.tenant(shard, payload.client_uuid);
    // The partner may have been suspended since the link was issued.
    if (!activePartner(partner)) throw refuse('proxy.partner_unavailable');
    const actor = await this.accounts.findByUuid(payload.actor_shard, payload.actor_uuid);
    if (!actor || payload.actor_kind !== 'operator' || actor.account.kind !== 'operator' || !canLogIn(actor.account.status)) throw refuse('proxy.cannot');
    const grant = await this.startSession(shard, token, payload, actor.account, partner, partner.contractType === 'primary' ? 'primary_partner' : 'partner');
    const subject = await this.accounts.firstAccount(shard, partner.uuid);
    return {
      mfa_required: false,
      auth_info: await this.authInfo.forAccount(subject ? { account: subject, tenant: partner, shard } : { account: actor.account, tenant: partner, shard }, true),
      session: grant,
    };
  }

  /**
   * Uses the link and starts the support session on `tenant` together (of two tabs racing with one
   * link, one gets in), recorded in the tenant's operation log; then the browser's previous session
   * (the actor's own) ends: one session per browser.
   */
  private async startSession(shard: TShard, token: string, payload: ProxyPayload, account: Account, tenant: Tenant, context: TOperatorContext): Promise<TSessionGrant> {
    const previous = requireContext().sessionToken;
    const grant = await this.uow.run(shard, async (tx) => {
      if ((await this.tokens.consume(tx, token, 'proxy_login')).state !== 'live') throw invalidLink();
      const session = await this.sessions.create(tx, {
        shard, account, tenant, context,
        actor: { uuid: account.uuid, name: payload.actor_name, kind: payload.actor_kind, shard: payload.actor_shard },
      });
      await recordOperation(tx, {
        shard, clientUuid: tenant.uuid, accountUuid: null, operation: 'proxy_login', detail: { actor: payload.actor_name, actor_kind: payload.actor_kind },
        // The session is not the request's principal yet: the actor is the one the link was issued to.
        actor: {
          kind: 'support', uuid: payload.actor_uuid, name: payload.actor_person ?? payload.actor_name, behind: payload.actor_kind,
          organisation: payload.actor_kind === 'partner' ? payload.actor_org ?? null : null, organisation_uuid: payload.actor_kind === 'partner' ? payload.actor_org_uuid ?? null : null,
        },
      });
      return session;
    });
    await this.sessions.endByToken(previous);
    return grant;
  }

  /** Contract, permission and IP: refused with the spec's separate messages. */
  private check(client: Tenant | null, actorKind: TProxyActorKind, partnerUuid: string | null): asserts client is Tenant {
    const reason = this.refusal(client, actorKind, partnerUuid, requireContext().clientIp);
    if (reason) throw refuse(`proxy.${reason}`);
  }

  /**
   * Why this actor may not support-login into this client now, from `clientIp` (null: it may).
   * Issuing, redeeming and the client list ask it; the rules themselves are proxyRefusal's, which
   * the session re-check uses too.
   */
  refusal(client: Tenant | null, actorKind: TProxyActorKind, partnerUuid: string | null, clientIp: string | undefined): TSupportLoginRefusal | null {
    return supportLoginRefusal(client, actorKind, partnerUuid, clientIp);
  }
}

/** A partner an operator may support-login into: known, and active (identity's copy is active only while approved and not suspended). */
function activePartner(tenant: Tenant | null): tenant is Tenant {
  return Boolean(tenant && tenant.kind === 'partner' && tenant.status === 'active');
}
