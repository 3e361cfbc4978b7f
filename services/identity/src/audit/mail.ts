import { Events, Headers, type TMailRequested, type TShard } from '@portal/proto';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';
import { currentContext } from '@portal/service-common/context';

/** Queues a mail in the caller's transaction; the notification service sends it once. */
export async function requestMail(tx: RawExecutor, shard: TShard, mail: TMailRequested): Promise<void> {
  await enqueueEvent(tx, Events.notification.mailRequested, mail, {
    [Headers.region]: shard, [Headers.language]: mail.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
  });
}

/** Links in mails: services/common's one rule (the visitor's host, else the region host's public URL). */
export { publicUrl } from '@portal/service-common/public-url';
