import type { RawExecutor } from './outbox.js';

/**
 * Idempotent consumer: records (consumer, msgId) in processed_events inside the caller's
 * transaction and tells whether this delivery is new. Do the work in the same transaction and only
 * when this returns true; a redelivered event (same Nats-Msg-Id) is then applied exactly once. If
 * the transaction rolls back, the record goes with it and the redelivery is applied.
 *
 *   await db.$transaction(async (tx) => {
 *     if (!(await idempotent(tx, 'notification.on-signup', headers['Nats-Msg-Id']))) return;
 *     ...work...
 *   });
 */
export async function idempotent(tx: RawExecutor, consumer: string, msgId: string): Promise<boolean> {
  const inserted = await tx.$executeRaw`INSERT INTO processed_events (consumer, msg_id) VALUES (${consumer}, ${msgId}) ON CONFLICT DO NOTHING`;
  return inserted === 1;
}
