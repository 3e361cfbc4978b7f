import { Inject, Injectable } from '@nestjs/common';
import { Events, Headers, REGION_PROFILES, ZLanguage, type TShard, type TSupportEndReason } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ACTIVE_STATUSES } from '../accounts/account.rules.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { recipientName, regionOf } from '../accounts/person-name.js';
import type { Session, Tx } from '../db.js';
import { SessionsRepository, type SessionScope } from './sessions.repository.js';

/** A support session into a client (not an operator's into a partner's area): the ones whose summary the client's owners get. */
export const summarised = (s: Pick<Session, 'proxy' | 'context' | 'tenantUuid'>): boolean => s.proxy && s.context === 'client' && s.tenantUuid !== null;

/**
 * The one way sessions end (logout, a new login in the same browser, expiry, a ban, a password
 * reset, an owner ending a support session, a withdrawn permission, a suspension). Every support
 * session into a client that ends here has its summary queued in the same transaction
 * (`events.identity.support-session.ended`): the operation log (usage-log) holds what was done in
 * it and mails the client's active owners (issue 21).
 */
@Injectable()
export class SessionEndService {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(AccountsRepository) private readonly accounts: AccountsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Ends the open sessions of `shard` that `where` names, in `tx` when given (else in a unit of
   * work of its own), and returns them. `reason` is what a support session's summary says.
   */
  async end(shard: TShard, where: SessionScope, reason: TSupportEndReason, tx?: Tx): Promise<Session[]> {
    if (!tx) return this.uow.run(shard, (own) => this.end(shard, where, reason, own));
    const now = this.clock.now();
    const ended = await this.sessions.end(tx, where, now);
    for (const session of ended.filter(summarised)) await this.queueSummary(tx, shard, session, reason, now);
    return ended;
  }

  private async queueSummary(tx: Tx, shard: TShard, session: Session, reason: TSupportEndReason, now: Date): Promise<void> {
    const clientUuid = session.tenantUuid!;
    // Read in the transaction's own connection: a second and third connection taken while it holds
    // one would let concurrent logouts exhaust the pool and wait on each other (the fuzz tier saw
    // "Unable to start a transaction in the given time" under load).
    const tenant = await this.accounts.tenant(tx, clientUuid);
    const owners = await this.accounts.owners(tx, clientUuid, ACTIVE_STATUSES);
    const fallback = REGION_PROFILES[regionOf(shard)].defaultLanguage;
    await enqueueEvent(tx, Events.identity.supportSessionEnded, {
      session: session.id.slice(0, 16),
      client_uuid: clientUuid,
      company: tenant?.name ?? '',
      actor: session.actorName ?? '',
      actor_kind: session.actorKind === 'operator' ? 'operator' : 'partner',
      started_at: session.createdAt.toISOString(),
      ended_at: now.toISOString(),
      reason,
      // An owner's language is one of the seven (it was validated when set); the region's otherwise.
      owners: owners.map((o) => ({ email: o.email, language: ZLanguage.safeParse(o.language).data ?? fallback, name: recipientName(shard, o) })),
    }, { [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal' });
  }
}
