import { Events, Headers, type TShard } from '@portal/proto';
import { enqueueEvent, type RawExecutor } from './db/outbox.js';
import { currentContext } from './context.js';

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
  const ctx = currentContext();
  // In a support login the principal is the partner's or operator's account: say so, with their
  // name, so the company's log shows who acted rather than an account it does not know.
  const principal = ctx?.principal;
  const support = principal?.proxy ? { support: true, actor: entry.detail?.actor ?? principal.actor_name ?? null } : {};
  await enqueueEvent(tx, Events.usageLog.operationRecorded, {
    client_uuid: entry.clientUuid,
    account_uuid: entry.accountUuid,
    operation: entry.operation,
    detail: { ...entry.detail, ...support, ...(ctx?.clientIp ? { ip: ctx.clientIp } : {}) },
    occurred_at: new Date().toISOString(),
  }, { [Headers.region]: entry.shard, [Headers.requestId]: ctx?.requestId ?? 'internal' });
}
