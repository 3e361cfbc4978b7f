import { Events, Headers, type TMailRequested, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';

/** Queues a mail in the caller's transaction; the notification service sends it once. */
export async function requestMail(tx: RawExecutor, shard: TShard, mail: TMailRequested): Promise<void> {
  await enqueueEvent(tx, Events.notification.mailRequested, mail, {
    [Headers.region]: shard, [Headers.language]: mail.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
  });
}

/** Links in mails point at the origin the visitor used (a known host) or the configured one. */
export function publicUrl(path: string): string {
  return `${currentContext()?.publicOrigin ?? 'http://localhost:8080'}${path}`;
}
