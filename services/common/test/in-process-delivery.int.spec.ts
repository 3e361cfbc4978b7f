import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TShard } from '@portal/proto';
import { defaultMigrationsDir, migrateService } from '../src/db/migrate.js';
import { enqueue, OutboxRelay } from '../src/db/outbox.js';
import { idempotent } from '../src/db/idempotent.js';
import { InProcessTransport } from '../src/transport/in-process.transport.js';
import { dropSchemas, rawExecutor, shardClient, testShardMap, uniqueService } from './db-helpers.js';

/**
 * The in-process transport with the real outbox relay and a real idempotent consumer: an event
 * is never lost to a consumer that fails for a while (DESIGN §6), and is applied once.
 */
const SHARD: TShard = 'jpn';
const producer = uniqueService('identity');
const consumerService = uniqueService('notification');
const SUBJECT = 'events.notification.mail.requested';

async function query<R>(service: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = await shardClient(SHARD, service);
  try {
    return (await client.query(sql, values)).rows as R[];
  } finally {
    await client.end();
  }
}

async function enqueueEvent(payload: unknown): Promise<string> {
  const client = await shardClient(SHARD, producer);
  try {
    await client.query('BEGIN');
    const id = await enqueue(rawExecutor(client), { subject: SUBJECT, payload });
    await client.query('COMMIT');
    return id;
  } finally {
    await client.end();
  }
}

const outboxRow = async (id: string) =>
  (await query<{ published_at: Date | null; attempts: number }>(producer, 'SELECT published_at, attempts FROM outbox WHERE id = $1', [id]))[0]!;
const sentMails = async (msgId: string) =>
  Number((await query<{ count: string }>(consumerService, 'SELECT count(*) FROM sent_mails WHERE msg_id = $1', [msgId]))[0]!.count);

/**
 * A mail sender as notification has it: records the msg id and the mail in one transaction; fails
 * (after writing, so the rollback is real) while `failuresLeft` is above zero.
 */
function mailConsumer() {
  const state = { calls: 0, failuresLeft: 0 };
  const handler = async (_payload: unknown, headers: { 'Nats-Msg-Id': string }) => {
    state.calls++;
    const client = await shardClient(SHARD, consumerService);
    try {
      await client.query('BEGIN');
      if (await idempotent(rawExecutor(client), 'notification-mail', headers['Nats-Msg-Id'])) {
        await client.query(`INSERT INTO sent_mails (msg_id, to_address, subject, template, language) VALUES ($1, 'a@example.com', 's', 't', 'ja-jp')`, [headers['Nats-Msg-Id']]);
      }
      if (state.failuresLeft > 0) {
        state.failuresLeft--;
        throw new Error('SMTP down');
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      await client.end();
    }
  };
  return { state, handler };
}

describe('in-process event delivery through the outbox (PostgreSQL)', () => {
  const relays: OutboxRelay[] = [];
  const relay = (transport: InProcessTransport, extra: { intervalMs?: number; retryBaseMs?: number } = {}) => {
    const r = new OutboxRelay({ service: producer, shardMap: testShardMap, transport, shards: [SHARD], retryBaseMs: 0, ...extra });
    relays.push(r);
    return r;
  };

  beforeAll(async () => {
    await migrateService({ service: producer, migrationsDir: defaultMigrationsDir('identity'), shardMap: testShardMap, shards: [SHARD] });
    await migrateService({ service: consumerService, migrationsDir: defaultMigrationsDir('notification'), shardMap: testShardMap, shards: [SHARD] });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await query(producer, 'UPDATE outbox SET published_at = now() WHERE published_at IS NULL');
  });
  afterAll(async () => {
    await dropSchemas(producer, [SHARD]);
    await dropSchemas(consumerService, [SHARD]);
  });

  it('keeps the row unpublished while a consumer fails, then applies the event exactly once', async () => {
    const transport = new InProcessTransport();
    const mail = mailConsumer();
    const other = { calls: 0 };
    await transport.consume('notification-mail', [SUBJECT], mail.handler);
    await transport.consume('usage-log-count', ['events.>'], async () => { other.calls++; });
    mail.state.failuresLeft = 3;
    const id = await enqueueEvent({ to: 'a@example.com' });
    const r = relay(transport);

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await r.runOnce()).toBe(0);
      expect(await outboxRow(id)).toMatchObject({ published_at: null, attempts: attempt });
      expect(await sentMails(id)).toBe(0); // the failed attempt rolled back
    }
    expect(await r.runOnce()).toBe(1);
    expect((await outboxRow(id)).published_at).toBeInstanceOf(Date);
    expect(await sentMails(id)).toBe(1);
    expect(mail.state.calls).toBe(4);
    // The consumer that handled it the first time is not called again on the retries.
    expect(other.calls).toBe(1);

    // A republish of the same id (a crash between publish and marking the row) changes nothing.
    await transport.publish(SUBJECT, { to: 'a@example.com' }, id, {});
    expect(await sentMails(id)).toBe(1);
    expect(mail.state.calls).toBe(4);
  });

  it('retries on its own: a consumer down for a while still gets the event, published only after', async () => {
    const transport = new InProcessTransport();
    const mail = mailConsumer();
    await transport.consume('notification-mail', [SUBJECT], mail.handler);
    mail.state.failuresLeft = 2;
    const r = relay(transport, { intervalMs: 100, retryBaseMs: 50 });
    const id = await enqueueEvent({ to: 'b@example.com' });
    r.start();
    const deadline = Date.now() + 10_000;
    let row = await outboxRow(id);
    while (!row.published_at && Date.now() < deadline) {
      await new Promise((res) => setTimeout(res, 20));
      row = await outboxRow(id);
      // Marked published only after the consumer committed: never a published row without its mail.
      if (row.published_at) expect(await sentMails(id)).toBe(1);
    }
    expect(row.published_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(2);
    expect(await sentMails(id)).toBe(1);
    expect(mail.state.calls).toBe(3);
  });

  it('does not let a poison event hold up the events behind it', async () => {
    const transport = new InProcessTransport();
    const handled: string[] = [];
    await transport.consume('picky', [SUBJECT], async (payload) => {
      const { n } = payload as { n: number };
      if (n === 0) throw new Error('cannot handle this one');
      handled.push(String(n));
    });
    const poison = await enqueueEvent({ n: 0 });
    const ids = [await enqueueEvent({ n: 1 }), await enqueueEvent({ n: 2 })];
    const r = relay(transport, { retryBaseMs: 60_000 });
    expect(await r.runOnce()).toBe(0); // the poison row fails first and starts its back-off
    expect(await r.runOnce()).toBe(2); // the rest go past it
    expect(handled).toEqual(['1', '2']);
    for (const id of ids) expect((await outboxRow(id)).published_at).toBeInstanceOf(Date);
    expect(await outboxRow(poison)).toMatchObject({ published_at: null, attempts: 1 });
    expect(await r.runOnce()).toBe(0); // still waiting out its back-off: not even tried
    expect((await outboxRow(poison)).attempts).toBe(1);
  });

  it('counts a consumer that does not answer within the ack wait as failed', async () => {
    const transport = new InProcessTransport({ ackWaitMs: 100 });
    let release!: () => void;
    const gate = new Promise<void>((res) => { release = res; });
    let calls = 0;
    await transport.consume('slow', [SUBJECT], async () => { calls++; await gate; });
    await expect(transport.publish(SUBJECT, {}, 'slow-1', {})).rejects.toThrow(/not handled by slow/);
    // A retry while the first delivery still runs joins it instead of running the handler twice.
    const retry = transport.publish(SUBJECT, {}, 'slow-1', {});
    release();
    await retry;
    expect(calls).toBe(1);
    await transport.publish(SUBJECT, {}, 'slow-1', {});
    expect(calls).toBe(1);
  });

  it('is idle once no consumer has a delivery under way, and says which one is late', async () => {
    const transport = new InProcessTransport();
    let release!: () => void;
    const gate = new Promise<void>((res) => { release = res; });
    await transport.consume('gated', [SUBJECT], () => gate);
    await transport.idle();
    const published = transport.publish(SUBJECT, {}, 'gated-1', {});
    await expect(transport.idle({ timeoutMs: 50 })).rejects.toThrow(/gated \(1\)/);
    const idle = transport.idle();
    release();
    await idle;
    await published;
  });

  it('holds events until open(), so a consumer registered after the publish still gets them', async () => {
    const transport = new InProcessTransport({ holdEvents: true });
    const got: unknown[] = [];
    const published = transport.publish(SUBJECT, { early: true }, 'early-1', {});
    await new Promise((res) => setTimeout(res, 50));
    await transport.consume('late', [SUBJECT], async (payload) => { got.push(payload); });
    transport.open();
    await published;
    expect(got).toEqual([{ early: true }]);
  });

  it('refuses to publish once draining, so the row stays for the next start', async () => {
    const transport = new InProcessTransport();
    await transport.consume('any', [SUBJECT], async () => undefined);
    await transport.drain();
    await expect(transport.publish(SUBJECT, {}, 'late-1', {})).rejects.toThrow(/stays in the outbox/);
  });
});
