import {
  Events, Headers, INTERNAL_ROUTES, REGION_PROFILES, areaOf, describeOperationDetail, formatDateTime, renderMessage,
  type TOnBehalfOwners, type TPrincipal, type TRegion,
} from '@portal/proto';
import { ask } from './ask.js';
import { currentContext } from './context.js';
import { enqueueEvent, type RawExecutor } from './db/outbox.js';
import { ServiceError } from './errors.js';
import { publicUrl } from './public-url.js';
import type { Transport } from './transport/transport.js';

/**
 * Issue 25, point 5: an operator changes a client's company or billing info on its behalf. The
 * client is the one addressed by the request (region and uuid), never the operator's own; these
 * are the steps licence and billing share around their own write.
 */

/** The section's name in the mail, by its message. */
const SECTION = { company: 'on_behalf.section.company', billing_info: 'on_behalf.section.billing_info' } as const;

/** Only an operator acts on a client's behalf (partners do it through a support login); anyone else learns nothing. */
export function requireOperator(principal: TPrincipal): void {
  if (areaOf(principal) !== 'operator') throw ServiceError.notFound();
}

/** The client's active owners, from identity (operators only), asked before the write's transaction. */
export async function clientOwners(transport: Transport, region: TRegion, uuid: string): Promise<TOnBehalfOwners> {
  const { owners } = await ask(transport, INTERNAL_ROUTES.clientOwners, { region, clients: [uuid] });
  return { company: owners[0]?.company_name ?? '', owners: owners.map(({ email, language, name }) => ({ email, language, name })) };
}

/**
 * Queues, in the write's transaction, the "changed on your behalf" mail to each owner: the section,
 * each change as "label: old → new" in the owner's language (the operation log's own words), the
 * time in the client's region's zone, and the link to the client's own page of that section.
 */
export async function mailOwnersOnBehalf(tx: RawExecutor, region: TRegion, change: {
  owners: TOnBehalfOwners; section: keyof typeof SECTION; operation: string; detail: Record<string, unknown>; at: Date; path: string;
}): Promise<void> {
  const timeZone = REGION_PROFILES[region].timeZone;
  for (const owner of change.owners.owners) {
    const setting = { language: owner.language, timeZone };
    const changes = describeOperationDetail(change.operation, change.detail, { ...setting, region }).map((line) => `- ${line}`).join('\n');
    await enqueueEvent(tx, Events.notification.mailRequested, {
      to: owner.email, template: 'changed_on_behalf', language: owner.language, recipient: owner.name,
      params: {
        company: change.owners.company, section: renderMessage(owner.language, SECTION[change.section]), changes,
        time: formatDateTime(change.at, setting), url: publicUrl(change.path, region),
      },
    }, { [Headers.region]: region, [Headers.language]: owner.language, [Headers.requestId]: currentContext()?.requestId ?? 'internal' });
  }
}
