import { EVENT_PAYLOADS, Events, Headers, type TEventInput, type TShard } from '@portal/proto';
import { enqueue, type OutboxEvent, type RawExecutor } from './db/outbox.js';
import { currentContext } from './context.js';
import { writtenAt } from './clock.js';

/**
 * Operation-log entries (spec §3) travel through the outbox to the usage-log service, in the same
 * transaction as the change they record: no change without its entry, no entry without its change.
 */
export interface OperationEntry {
  shard: TShard;
  clientUuid: string | null;
  accountUuid: string | null;
  operation: string;
  detail?: Record<string, unknown>;
}

export async function recordOperation(tx: RawExecutor, entry: OperationEntry): Promise<void> {
  await enqueue(tx, operationEvent(entry));
}

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
  const payload: TEventInput<typeof subject> = {
    client_uuid: entry.clientUuid,
    account_uuid: entry.accountUuid,
    operation: entry.operation,
    detail: { ...entry.detail, ...support, ...(ctx?.clientIp ? { ip: ctx.clientIp } : {}) },
    occurred_at: writtenAt().toISOString(),
    // Issue 21: the support session's entries make up its summary when it ends (the short id the session lists show).
    ...(principal?.proxy ? { support_session: principal.session_id.slice(0, 16) } : {}),
  };
  return { subject, payload: EVENT_PAYLOADS[subject].parse(payload), headers: { [Headers.region]: entry.shard, [Headers.requestId]: ctx?.requestId ?? 'internal' } };
}
