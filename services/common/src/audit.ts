import {
  EVENT_PAYLOADS, Events, Headers, ZRegion, areaOf, formatPersonName,
  type TEventInput, type TOperationActor, type TPrincipal, type TRegion, type TShard, type TTargetType,
} from '@portal/proto';
import { enqueue, type OutboxEvent, type RawExecutor } from './db/outbox.js';
import { currentContext } from './context.js';
import { writtenAt } from './clock.js';

/**
 * Operation-log entries (spec §3) travel through the outbox to the usage-log service, in the same
 * transaction as the change they record: no change without its entry, no entry without its change.
 *
 * Issue 25: who did it is never the caller's say. operationEvent() takes the actor from the
 * principal of the request context (an account, operator or partner staff, a support login and
 * who is behind it); without a principal it is the system (jobs, sweeps, event consumers), or the
 * account named by `accountUuid` when one acts without a session yet (log in, sign up, reset).
 */
export interface OperationEntry {
  shard: TShard;
  clientUuid: string | null;
  accountUuid: string | null;
  operation: string;
  detail?: Record<string, unknown>;
  /** What the entry is about, when it is not the client itself (a notice, a plan, a partner…). */
  target?: { type: TTargetType; id: string | null };
  /** Only for an entry made on behalf of no request (a job given an account): the actor as it is. */
  actor?: TOperationActor;
}

export async function recordOperation(tx: RawExecutor, entry: OperationEntry): Promise<void> {
  await enqueue(tx, operationEvent(entry));
}

/** The region whose name order a log follows: its shard's, or the request's host for the global shard. */
function logRegion(shard: TShard): TRegion {
  return ZRegion.catch('jpn').parse(shard === 'global' ? currentContext()?.region : shard);
}

/** The actor of an entry made under `principal` (or none), its name in the order of the log's region. */
export function actorOf(principal: TPrincipal | undefined, accountUuid: string | null, shard: TShard): TOperationActor {
  const actor = principal?.actor;
  if (!principal) return accountUuid ? { kind: 'account', uuid: accountUuid, name: null, organisation: null, behind: null } : SYSTEM_ACTOR;
  const name = actor ? formatPersonName(logRegion(shard), actor) || null : null;
  if (principal.proxy) {
    const behind = actor?.behind ?? (principal.partner_in_client_area ? 'partner' : 'operator');
    return {
      kind: 'support', uuid: actor?.uuid ?? null, name: name ?? principal.actor_name ?? null,
      organisation: behind === 'partner' ? actor?.organisation ?? null : null, organisation_uuid: behind === 'partner' ? actor?.organisation_uuid ?? null : null, behind,
    };
  }
  const area = areaOf(principal);
  if (area === 'operator') return { kind: 'operator', uuid: principal.account_uuid, name, organisation: null, behind: null };
  if (area === 'partner') return { kind: 'partner', uuid: principal.account_uuid, name, organisation: actor?.organisation ?? null, organisation_uuid: principal.partner_uuid, behind: null };
  return { kind: 'account', uuid: principal.account_uuid, name, organisation: null, behind: null };
}
export const SYSTEM_ACTOR: TOperationActor = { kind: 'system', uuid: null, name: null, organisation: null, behind: null };

/**
 * The outbox event of an operation-log entry, its payload checked against the subject's schema:
 * what recordOperation inserts, for a statement that inserts it with its change (the login).
 */
export function operationEvent(entry: OperationEntry): OutboxEvent {
  const ctx = currentContext();
  // In a support login the principal is the partner's or operator's account: say so, with their
  // name, so the company's log shows who acted rather than an account it does not know.
  const principal = ctx?.principal;
  const support = principal?.proxy ? { support: true, actor: entry.detail?.actor ?? principal.actor_name ?? null } : {};
  const subject = Events.usageLog.operationRecorded;
  const target = entry.target ?? (entry.clientUuid ? { type: 'client' as const, id: entry.clientUuid } : null);
  const payload: TEventInput<typeof subject> = {
    client_uuid: entry.clientUuid,
    account_uuid: entry.accountUuid,
    operation: entry.operation,
    detail: { ...entry.detail, ...support, ...(ctx?.clientIp ? { ip: ctx.clientIp } : {}) },
    occurred_at: writtenAt().toISOString(),
    // Issue 21: the support session's entries make up its summary when it ends (the short id the session lists show).
    ...(principal?.proxy ? { support_session: principal.session_id.slice(0, 16) } : {}),
    actor: entry.actor ?? actorOf(principal, entry.accountUuid, entry.shard),
    target_type: target?.type ?? null,
    target_id: target?.id ?? null,
  };
  return { subject, payload: EVENT_PAYLOADS[subject].parse(payload), headers: { [Headers.region]: entry.shard, [Headers.requestId]: ctx?.requestId ?? 'internal' } };
}
