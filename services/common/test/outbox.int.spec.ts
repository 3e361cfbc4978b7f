import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Events, type TShard } from '@portal/proto';
import { defaultMigrationsDir, migrateService } from '../src/db/migrate.js';
import { enqueue, enqueueEvent, OutboxRelay } from '../src/db/outbox.js';
import { idempotent } from '../src/db/idempotent.js';
import type { MessageHeaders, Transport } from '../src/transport/transport.js';
import { dropSchemas, rawExecutor, shardClient, testShardMap, uniqueService } from './db-helpers.js';

const SHARDS: TShard[] = ['jpn', 'tha', 'global'];

/** In-memory stand-in for the transport: records publishes, can be told to fail. */
class FakeTransport implements Pick<Transport, 'publish'> {
  published: { subject: string; payload: unknown; msgId: string; headers: MessageHeaders }[] = [];
  failuresLeft = 0;
  async publish(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('transport down');
    }
    this.published.push({ subject, payload, msgId, headers });
  }
}

const service = uniqueService('identity');

async function inTx<T>(shard: TShard, fn: (tx: ReturnType<typeof rawExecutor>) => Promise<T>, commit = true): Promise<T> {
  const client = await shardClient(shard, service);
  try {
    await client.query('BEGIN');
    const result = await fn(rawExecutor(client));
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return result;
  } finally {
    await client.end();
  }
}

/** `count` events in one committed transaction; their ids. */
const enqueueMany = (shard: TShard, subject: string, count: number) => inTx(shard, async (tx) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await enqueue(tx, { subject, payload: { i } }));
  return ids;
});

async function outboxRow(shard: TShard, id: string) {
  const client = await shardClient(shard, service);
  try {
    return (await client.query('SELECT * FROM outbox WHERE id = $1', [id])).rows[0];
  } finally {
    await client.end();
  }
}

describe('transactional outbox (PostgreSQL)', () => {
  const relays: OutboxRelay[] = [];
  const relay = (transport: FakeTransport, extra: { intervalMs?: number; batchSize?: number; retryBaseMs?: number } = {}) => {
    const r = new OutboxRelay({ service, shardMap: testShardMap, transport, shards: SHARDS, ...extra });
    relays.push(r);
    return r;
  };

  beforeAll(async () => {
    await migrateService({ service, migrationsDir: defaultMigrationsDir('identity'), shardMap: testShardMap, shards: SHARDS });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    // publish leftovers so tests stay independent
    const cleaner = new OutboxRelay({ service, shardMap: testShardMap, transport: new FakeTransport(), shards: SHARDS });
    await cleaner.runOnce();
    await cleaner.stop();
  });
  afterAll(async () => {
    await dropSchemas(service, SHARDS);
  });

  it('never publishes an event enqueued in a rolled-back transaction', async () => {
    const transport = new FakeTransport();
    const id = await inTx('jpn', (tx) => enqueue(tx, { subject: 'events.identity.x', payload: { a: 1 } }), false);
    expect(await relay(transport).runOnce()).toBe(0);
    expect(transport.published).toEqual([]);
    expect(await outboxRow('jpn', id)).toBeUndefined();
  });

  it('publishes a committed event exactly once, with its id as msg id', async () => {
    const transport = new FakeTransport();
    const id = await inTx('tha', (tx) =>
      enqueue(tx, { subject: 'events.identity.signup.registered', payload: { email_hash: 'h', n: 2 }, headers: { 'x-region': 'tha' } }));
    const r = relay(transport);
    expect(await r.runOnce()).toBe(1);
    expect(await r.runOnce()).toBe(0);
    expect(transport.published).toEqual([
      { subject: 'events.identity.signup.registered', payload: { email_hash: 'h', n: 2 }, msgId: id, headers: { 'x-region': 'tha' } },
    ]);
    const row = await outboxRow('tha', id);
    expect(row.published_at).toBeInstanceOf(Date);
    expect(row.attempts).toBe(0);
  });

  it('lets concurrent relays publish each row once (SKIP LOCKED)', async () => {
    const transport = new FakeTransport();
    const ids = await enqueueMany('global', 'events.identity.bulk', 25);
    const counts = await Promise.all([relay(transport, { batchSize: 5 }).runOnce(), relay(transport, { batchSize: 5 }).runOnce(), relay(transport, { batchSize: 5 }).runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(25);
    expect(transport.published.map((p) => p.msgId).sort()).toEqual([...ids].sort());
  });

  it('leaves an event whose publish failed for the next round', async () => {
    const transport = new FakeTransport();
    transport.failuresLeft = 1;
    const id = await inTx('jpn', (tx) => enqueue(tx, { subject: 'events.identity.retry', payload: {} }));
    const r = relay(transport, { retryBaseMs: 300 });
    expect(await r.runOnce()).toBe(0);
    let row = await outboxRow('jpn', id);
    expect(row.published_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(await r.runOnce()).toBe(0); // backing off
    await new Promise((res) => setTimeout(res, 350));
    expect(await r.runOnce()).toBe(1);
    row = await outboxRow('jpn', id);
    expect(row.published_at).toBeInstanceOf(Date);
    expect(transport.published.map((p) => p.msgId)).toEqual([id]);
  });

  it('writes a typed event parsed by its proto schema, and refuses a malformed one in the transaction', async () => {
    const transport = new FakeTransport();
    const id = await inTx('jpn', (tx) => enqueueEvent(tx, Events.licence.clientUpdated, { client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000c001', company_name: 'Renamed' }));
    await expect(inTx('jpn', (tx) => enqueueEvent(tx, Events.licence.clientUpdated, { client_uuid: 'not-a-uuid', company_name: 'X' }))).rejects.toThrow(/client_uuid/);
    expect(await relay(transport).runOnce()).toBe(1);
    expect(transport.published).toEqual([expect.objectContaining({ msgId: id, subject: Events.licence.clientUpdated, payload: { client_uuid: '0b9f3c5e-7a1d-4c2e-9f00-00000000c001', company_name: 'Renamed' } })]);
  });

  it('flushes every due row, batch after batch, and leaves a row in back-off for later', async () => {
    const transport = new FakeTransport();
    const ids = await enqueueMany('jpn', 'events.identity.flushed', 7);
    const r = relay(transport, { batchSize: 3, retryBaseMs: 60_000 });
    expect(await r.hasDue()).toBe(true);
    expect(await r.flush()).toBe(7);
    expect(r.published).toBe(7);
    expect(await r.hasDue()).toBe(false);
    expect(transport.published.map((p) => p.msgId).sort()).toEqual([...ids].sort());
    transport.failuresLeft = 1;
    const failing = await inTx('tha', (tx) => enqueue(tx, { subject: 'events.identity.flushed', payload: {} }));
    expect(await r.flush()).toBe(0); // tried once, then waiting out its back-off: not due
    expect(await r.hasDue()).toBe(false);
    expect((await outboxRow('tha', failing)).attempts).toBe(1);
    expect(r.busy).toBe(false);
  });

  it('publishes at once on kick() and stops cleanly', async () => {
    const transport = new FakeTransport();
    const r = relay(transport, { intervalMs: 60_000 });
    r.start();
    expect(await r.flush()).toBe(0); // the first round is over (nothing was due): from here on only a kick publishes within 60 s
    const id = await inTx('tha', (tx) => enqueue(tx, { subject: 'events.identity.kicked', payload: {} }));
    r.kick('tha');
    await vi.waitFor(() => expect(transport.published.map((p) => p.msgId)).toEqual([id]), { timeout: 10_000, interval: 10 });
    await r.stop();
  });
});

describe('idempotent consumer (PostgreSQL)', () => {
  const consumerService = uniqueService('notification');
  beforeAll(async () => {
    await migrateService({ service: consumerService, migrationsDir: defaultMigrationsDir('notification'), shardMap: testShardMap, shards: ['jpn'] });
  });
  afterAll(async () => {
    await dropSchemas(consumerService, ['jpn']);
  });

  /** A handler that records a sent mail, applied once per msg id. */
  async function handle(msgId: string, fail = false): Promise<boolean> {
    const client = await shardClient('jpn', consumerService);
    try {
      await client.query('BEGIN');
      const fresh = await idempotent(rawExecutor(client), 'notification.mail', msgId);
      if (fresh) {
        await client.query(`INSERT INTO sent_mails (msg_id, to_address, subject, template, language) VALUES ($1, 'a@example.com', 's', 't', 'ja-jp')`, [msgId]);
        if (fail) throw new Error('handler failed');
      }
      await client.query('COMMIT');
      return fresh;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      await client.end();
    }
  }

  async function mails(msgId: string): Promise<number> {
    const client = await shardClient('jpn', consumerService);
    try {
      return Number((await client.query('SELECT count(*) FROM sent_mails WHERE msg_id = $1', [msgId])).rows[0].count);
    } finally {
      await client.end();
    }
  }

  it('applies a redelivered message once', async () => {
    expect(await handle('m-1')).toBe(true);
    expect(await handle('m-1')).toBe(false);
    expect(await Promise.all([handle('m-2'), handle('m-2'), handle('m-2')]).then((r) => r.filter(Boolean).length)).toBe(1);
    expect(await mails('m-1')).toBe(1);
    expect(await mails('m-2')).toBe(1);
  });

  it('applies a redelivery after a failed attempt (the record rolled back with the work)', async () => {
    await expect(handle('m-3', true)).rejects.toThrow('handler failed');
    expect(await mails('m-3')).toBe(0);
    expect(await handle('m-3')).toBe(true);
    expect(await mails('m-3')).toBe(1);
  });
});
