import { Events, Headers, type TRegion, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';

/**
 * Records, in the caller's unit of work, that an account of `shard` has (or no longer has) an
 * address: the directory in the global shard follows through the outbox (directory.handler.ts).
 * Accounts of the global shard (operators) are not in the directory: every host finds them.
 */
export async function recordDirectory(tx: RawExecutor, shard: TShard, change: { email: string; accountUuid: string; removed?: boolean }): Promise<void> {
  if (shard === 'global') return;
  await enqueueEvent(tx, Events.identity.directoryChanged, {
    email: change.email.trim().toLowerCase(), region: shard as TRegion, account_uuid: change.accountUuid, removed: change.removed ?? false,
  }, { [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal' });
}
