import { Inject, Injectable } from '@nestjs/common';
import { recordOperation, type OperationEntry } from '../audit/audit.js';
import { operationEvent } from '@portal/service-common/audit';
import { outboxRow } from '@portal/service-common/db/outbox';
import {
  CONTRACT_TYPE_COOKIE, LEVELS, OPERATOR_CONTEXT_COOKIE, ZContractType, ZLanguage, ZShard,
  type TAuthority, type TOperatorContext, type TPrincipal, type TSessionGrant, type TSessionResolved, type TShard, type TSupportEndReason,
} from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { currentContext, type RequestContext } from '@portal/service-common/context';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { canLogIn } from '../accounts/account.rules.js';
import { regionOf } from '../accounts/person-name.js';
import type { Account, Session, Tenant, Tx } from '../db.js';
import { proxyRefusal, type TProxyActorKind } from '../proxy/proxy-permission.js';
import { IDENTITY_CONFIG, type TIdentityConfig } from '../identity.config.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { hashToken, shardOf, shardToken } from '../passwords/tokens.js';
import { SessionEndService } from './session-end.service.js';
import { SessionsRepository, type NewSession } from './sessions.repository.js';

export interface SessionSubject {
  shard: TShard;
  account: Account;
  tenant: Tenant | null;
  context: TOperatorContext;
  /** A support login: the partner or operator behind it. */
  actor?: { uuid: string; name: string; kind: TProxyActorKind; shard: TShard };
}

interface SupportActor { account: Account; company: Tenant | null }

/** Issue 25: the person behind a session, for the audit trail (services/common/src/audit.ts). */
function principalActor(session: Session, account: Account | null, tenant: Tenant | null, support: SupportActor | null, context: TOperatorContext): NonNullable<TPrincipal['actor']> | null {
  if (session.proxy) {
    if (!support) return null;
    const behind = session.actorKind === 'partner' ? 'partner' : 'operator';
    return {
      kind: 'support', uuid: support.account.uuid, family_name: support.account.familyName, given_name: support.account.givenName,
      organisation: support.company?.name ?? null, organisation_uuid: support.company?.uuid ?? null, behind,
    };
  }
  if (!account) return null;
  const person = { uuid: account.uuid, family_name: account.familyName, given_name: account.givenName };
  if (context === 'operator') return { kind: 'operator', ...person, organisation: null, organisation_uuid: null, behind: null };
  if (context === 'client') return { kind: 'account', ...person, organisation: null, organisation_uuid: null, behind: null };
  return { kind: 'partner', ...person, organisation: tenant?.name ?? null, organisation_uuid: tenant?.uuid ?? null, behind: null };
}

/** How long "last used" may lag before a request writes it again. */
const TOUCH_AFTER_MS = 60_000;
/** A support session never outlives two hours. */
const PROXY_ABSOLUTE_MS = 2 * 3600_000;

/** What a support session's summary says of a re-check's refusal: a withdrawn permission, or access lost otherwise. */
function supportEndReason(refusal: string): TSupportEndReason {
  return refusal === 'denied' || refusal === 'denied_and_ip' ? 'permission_withdrawn' : 'access_lost';
}

function levelOf(authority: string | null): 3 | 6 | 9 {
  return authority ? LEVELS[authority as TAuthority] ?? 9 : 3;
}

@Injectable()
export class SessionService {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(IDENTITY_CONFIG) private readonly config: TIdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SessionEndService) private readonly ender: SessionEndService,
  ) {}

  /**
   * Starts a session (always a new id: no fixation) inside the caller's transaction and returns
   * the grant the gateway turns into cookies.
   */
  async create(tx: Tx, subject: SessionSubject): Promise<TSessionGrant> {
    const { row, grant } = this.newSession(subject);
    await this.sessions.insert(tx, row);
    return grant;
  }

  /**
   * A new session and the operation-log entry that records it, in one statement (one round trip,
   * no transaction around it: a single statement is atomic). The login's common case: nothing
   * else changes with it (docs/decisions.md, "Hardening: speed (third pass)").
   */
  async createRecorded(subject: SessionSubject, entry: OperationEntry): Promise<TSessionGrant> {
    const { row, grant } = this.newSession(subject);
    await this.sessions.insertWithEvent(subject.shard, row, outboxRow(operationEvent(entry)));
    return grant;
  }

  /** The row of a new session (always a new id: no fixation) and the grant the gateway turns into cookies. */
  private newSession(subject: SessionSubject): { row: NewSession; grant: TSessionGrant } {
    const ctx = currentContext();
    const now = this.clock.now();
    const token = shardToken(subject.shard);
    const absolute = new Date(now.getTime() + (subject.actor ? PROXY_ABSOLUTE_MS : this.config.SESSION_ABSOLUTE_HOURS * 3600_000));
    const row: NewSession = {
      id: hashToken(token),
      accountUuid: subject.account.uuid,
      tenantUuid: subject.tenant?.uuid ?? null,
      context: subject.context,
      proxy: Boolean(subject.actor),
      actorUuid: subject.actor?.uuid ?? null,
      actorName: subject.actor?.name ?? null,
      actorKind: subject.actor?.kind ?? null,
      actorShard: subject.actor?.shard ?? null,
      ip: ctx?.clientIp ?? '',
      userAgent: (ctx?.userAgent ?? '').slice(0, 400),
      idleExpiresAt: new Date(now.getTime() + this.config.SESSION_IDLE_MINUTES * 60_000),
      absoluteExpiresAt: absolute,
    };
    const contract = ZContractType.catch('none').parse(subject.tenant?.contractType);
    // Spec §3's readable hints only; who the user is (name, email, ids) comes from GET /v1/user-auth
    // (issue 21 item 7: readable cookies carried the email and name). disp_language is a
    // preference the gateway keeps HttpOnly.
    const hints: Record<string, string> = {
      level: String(subject.actor ? 3 : levelOf(subject.account.authority)),
      login_operator_type: String(OPERATOR_CONTEXT_COOKIE[subject.actor?.kind === 'partner' ? 'partner' : subject.context]),
      contract_type: String(CONTRACT_TYPE_COOKIE[contract]),
      disp_language: subject.account.language,
    };
    if (subject.actor) hints.proxy_ident = subject.actor.uuid;
    return { row, grant: { token, expires_at: absolute.toISOString(), hints } };
  }

  /** The principal of a session token, or null when it is unknown, ended, expired, or its account may no longer log in. */
  async resolve(token: string): Promise<TPrincipal | null> {
    const shard = shardOf(token);
    if (!shard) return null;
    const id = hashToken(token);
    // One round trip: the session with its account and tenant (a support session's actor apart).
    const found = await this.sessions.findWithSubject(shard, id);
    const now = this.clock.now();
    if (!found || found.session.endedAt) return null;
    const { session, account, tenant } = found;
    if (session.idleExpiresAt <= now || session.absoluteExpiresAt <= now) {
      await this.ender.end(shard, { id }, 'expired');
      return null;
    }
    const actor = session.proxy ? await this.supportActor(shard, session) : null;
    if (tenant && tenant.status !== 'active') {
      await this.ender.end(shard, { id }, 'access_lost');
      return null;
    }
    if (session.proxy) {
      // A support session is re-checked on every request: its actor, the client's permission for
      // that party and the client's IP restriction against the caller's address (spec §6).
      const reason = this.supportRefusal(session, tenant, actor);
      if (reason) {
        await this.endSupport(shard, session, reason);
        return null;
      }
    } else if (!account || !canLogIn(account.status)) {
      // A banned, deleted or not-yet-active account's sessions end at its next request.
      await this.ender.end(shard, { accountUuid: session.accountUuid }, 'access_lost');
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.sessions.touch(shard, id, now, new Date(now.getTime() + this.config.SESSION_IDLE_MINUTES * 60_000));
    }
    const context = session.context as TOperatorContext;
    const region = regionOf(shard);
    return {
      account_uuid: session.accountUuid,
      context,
      client_uuid: tenant?.kind === 'client' ? tenant.uuid : null,
      partner_uuid: tenant?.kind === 'partner' ? tenant.uuid : null,
      level: session.proxy ? 3 : levelOf(account?.authority ?? null),
      contract_type: ZContractType.catch('none').parse(tenant?.contractType),
      proxy: session.proxy,
      partner_in_client_area: session.proxy && session.actorKind === 'partner',
      region,
      language: ZLanguage.catch('ja-jp').parse(account?.language ?? currentContext()?.language),
      home_shard: shard,
      session_id: id,
      actor_name: session.proxy ? session.actorName : null,
      actor: principalActor(session, account, tenant, actor, context),
    };
  }

  /**
   * Ends the session behind a token (logout, or a new login in the same browser). With `logout`,
   * the ending is recorded in the company's operation log (spec §3) in the same transaction.
   */
  async endByToken(token: string | undefined, logout?: TPrincipal): Promise<boolean> {
    const shard = shardOf(token);
    if (!token || !shard) return false;
    // Without a logout, a new login in the same browser is replacing it.
    if (!logout) return (await this.ender.end(shard, { id: hashToken(token) }, 'replaced')).length > 0;
    return this.uow.run(shard, async (tx) => {
      const count = (await this.ender.end(shard, { id: hashToken(token) }, 'logout', tx)).length;
      if (count) {
        await recordOperation(tx, {
          shard, clientUuid: logout.client_uuid ?? (logout.proxy ? logout.partner_uuid : null), accountUuid: logout.proxy ? null : logout.account_uuid, operation: 'logout', detail: logout.proxy ? { proxy: true } : {},
        });
      }
      return count > 0;
    });
  }


  /** The partner or operator account behind a support session, with the partner's company. */
  private async supportActor(sessionShard: TShard, session: Session): Promise<SupportActor | null> {
    if (!session.actorUuid) return null;
    // Sessions from before actor_shard existed: operators live in global, partners beside the client.
    const fallback: TShard = session.actorKind === 'operator' ? 'global' : sessionShard;
    const shard = ZShard.catch(fallback).parse(session.actorShard ?? fallback);
    const account = await this.accounts.accountByUuid(shard, session.actorUuid);
    if (!account) return null;
    const company = session.actorKind === 'partner' ? await this.accounts.tenant(shard, account.tenantUuid) : null;
    return { account, company };
  }

  /** Why a support session may not go on, or null. */
  private supportRefusal(session: Session, client: Tenant | null, actor: SupportActor | null): string | null {
    if (!actor || !canLogIn(actor.account.status)) return 'actor_inactive';
    if (actor.company && actor.company.status !== 'active') return 'actor_inactive';
    if (!client) return 'client_gone';
    // Issue 14: an operator in a partner's area. The partner's being active is checked for every
    // session (a suspension also ends them at once); no client permission or IP list applies.
    if (client.kind === 'partner') return session.actorKind === 'operator' ? null : 'actor_inactive';
    const kind = session.actorKind === 'operator' ? 'operator' : 'partner';
    return proxyRefusal(client, kind, kind === 'partner' ? actor.account.tenantUuid : null, currentContext()?.clientIp);
  }

  /** Ends a support session that may no longer go on, in the client's (or partner's) operation log with the reason. */
  private async endSupport(shard: TShard, session: Session, reason: string): Promise<void> {
    await this.uow.run(shard, async (tx) => {
      const count = (await this.ender.end(shard, { id: session.id }, supportEndReason(reason), tx)).length;
      if (count) {
        await recordOperation(tx, { shard, clientUuid: session.tenantUuid, accountUuid: null, operation: 'support_session_ended', detail: { actor: session.actorName, reason } });
      }
    });
  }

  /** POST /v1/logout: ends the caller's session, recorded in the operation log. */
  async logout(ctx: Pick<RequestContext, 'sessionToken' | 'principal'>): Promise<Record<string, never>> {
    await this.endByToken(ctx.sessionToken, ctx.principal);
    return {};
  }

  /** The gateway's question on each request with a session cookie. */
  async resolveForGateway(token: string): Promise<TSessionResolved> {
    return { principal: await this.resolve(token) };
  }

}
