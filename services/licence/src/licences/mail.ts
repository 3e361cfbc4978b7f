import { Events, Headers, formatDate, type TLanguage, type TMailRequested, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';

/** Queues a mail in the caller's transaction; the notification service sends it once. */
export async function requestMail(tx: RawExecutor, shard: TShard, mail: TMailRequested): Promise<void> {
  await enqueueEvent(tx, Events.notification.mailRequested, mail, {
    [Headers.region]: shard, [Headers.language]: mail.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal',
  });
}

/** Links in mails: the origin the visitor used, else the region host's public URL (services/common/src/public-url.ts). */
export { publicUrl as portalUrl } from '@portal/service-common/public-url';

/** A calendar day (YYYY-MM-DD) as the reader writes dates ("2027/02/03", "Feb 3, 2027"). */
export function mailDate(day: string, language: TLanguage): string {
  // Noon UTC formatted in UTC is that very day, whatever the language.
  return formatDate(`${day}T12:00:00Z`, { language, timeZone: 'UTC' });
}
