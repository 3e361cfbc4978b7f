import { Events, Headers, type TMailRequested, type TRequestedMethod, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent, type RawExecutor } from '@portal/service-common/db/outbox';
import type { Prisma } from '../generated/prisma/client.js';

/** A unit of work's transaction in the billing service. */
export type Tx = Prisma.TransactionClient;

/**
 * What a confirmed request needs from slice A's `payment_methods`: the bank method becomes the
 * client's method of record, in the confirmation's transaction (docs/design/billing.md: "B writes
 * request rows and, on an operator's confirmation, calls A's PaymentMethodsRepository.register").
 */
export interface PaymentMethodRegistrar {
  register(tx: Tx, entry: { clientUuid: string; method: TRequestedMethod; requestId: string; registeredBy: string | null }): Promise<void>;
}
export const PAYMENT_METHOD_REGISTRAR = Symbol('PaymentMethodRegistrar');

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
