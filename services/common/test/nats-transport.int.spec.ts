/**
 * The NATS transport against the machine's real NATS server (JetStream on): request-reply, queue
 * groups, no-responder and timeout errors, and the durable event path with de-duplication by
 * Nats-Msg-Id and redelivery after a failed handler. Each test run has its own namespace.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsTransport } from '../src/transport/nats.transport.js';
import { NoResponderError, ResponderLostError, TransportTimeoutError } from '../src/transport/transport.js';

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `tt${randomBytes(4).toString('hex')}`;
const opts = { headers: { 'x-request-id': 'req-1' }, timeoutMs: 5_000 };
let a: NatsTransport;
let b: NatsTransport;
let c: NatsTransport;

const eventually = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

beforeAll(async () => {
  [a, b, c] = await Promise.all([1, 2, 3].map((i) => NatsTransport.connect(NATS_URL, `transport-test-${i}`, namespace)));
});
afterAll(async () => {
  await c.destroyStream();
  await Promise.all([a, b, c].map((t) => t.drain()));
});

describe('NATS transport', () => {
  it('answers a request from another connection, with headers, and maps a handler error to a failure reply', async () => {
    await b.serve('svc.echo', 'svc', async (payload, headers) => {
      if ((payload as { fail?: boolean }).fail) throw new Error('boom');
      return { got: payload, requestId: headers['x-request-id'] };
    });
    expect(await a.request('svc.echo', { n: 1 }, opts)).toEqual({ ok: true, data: { got: { n: 1 }, requestId: 'req-1' } });
    const failed = await a.request('svc.echo', { fail: true }, opts);
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error.code).toBe(50000);
  });

  it('shares a queue group: each request is handled by exactly one instance', async () => {
    const seen: string[] = [];
    await b.serve('svc.work', 'workers', async () => { seen.push('b'); return 'b'; });
    await c.serve('svc.work', 'workers', async () => { seen.push('c'); return 'c'; });
    const replies = await Promise.all(Array.from({ length: 40 }, () => a.request<string>('svc.work', {}, opts)));
    expect(seen).toHaveLength(40);
    expect(replies.every((r) => r.ok)).toBe(true);
  });

  it('fails fast with NoResponderError when nobody serves a subject, and times out on a silent one', async () => {
    await expect(a.request('svc.nobody', {}, opts)).rejects.toBeInstanceOf(NoResponderError);
    await b.serve('svc.slow', 'svc', () => new Promise((r) => setTimeout(() => r('late'), 1_000)));
    await expect(a.request('svc.slow', {}, { ...opts, timeoutMs: 100 })).rejects.toBeInstanceOf(TransportTimeoutError);
  });

  it('delivers a durable event once per Nats-Msg-Id and redelivers after a failed handler', async () => {
    const received: { id: string; payload: unknown }[] = [];
    let failuresLeft = 1;
    await c.consume('transport-test', ['events.test.thing.happened'], async (payload, headers) => {
      if (failuresLeft-- > 0) throw new Error('not yet');
      received.push({ id: headers['Nats-Msg-Id'], payload });
    });
    await a.publish('events.test.thing.happened', { n: 1 }, 'outbox-1', {});
    await a.publish('events.test.thing.happened', { n: 1 }, 'outbox-1', {}); // a relay's retry
    await a.publish('events.test.thing.happened', { n: 2 }, 'outbox-2', {});
    await eventually(() => received.length >= 2);
    await c.idle(); // every message in the stream delivered and acknowledged: a duplicate would be in received
    // The failed one comes back after a delay, so after outbox-2.
    expect(received.sort((x, y) => x.id.localeCompare(y.id))).toEqual([{ id: 'outbox-1', payload: { n: 1 } }, { id: 'outbox-2', payload: { n: 2 } }]);
  });
});

describe('NATS transport idle()', () => {
  it('waits for every durable consumer of the namespace, and names one that keeps a message', async () => {
    let release!: () => void;
    const gate = new Promise<void>((res) => { release = res; });
    let handled = 0;
    await c.consume('transport-idle', ['events.test.idle.checked'], async () => { await gate; handled++; });
    await a.idle();
    await a.publish('events.test.idle.checked', {}, 'idle-1', {});
    await expect(a.idle({ timeoutMs: 200 })).rejects.toThrow(/transport-idle \(pending \d+, unacknowledged \d+\)/);
    const idle = a.idle();
    release();
    await idle;
    expect(handled).toBe(1);
  });
});

describe('NATS transport under faults (issue 9)', () => {
  const ns = `tf${randomBytes(4).toString('hex')}`;
  let client: NatsTransport;
  let server: NatsTransport;
  beforeAll(async () => {
    client = await NatsTransport.connect(NATS_URL, 'fault-client', ns, { maxAgeMs: 3_600_000, maxBytes: 64 * 1024 * 1024 });
    server = await NatsTransport.connect(NATS_URL, 'fault-server', ns, { maxDeliver: 2 });
  });
  afterAll(async () => {
    await server.destroyStream();
    await Promise.all([client.drain(), server.drain().catch(() => undefined)]);
  });

  it('answers 50000 for a reply JSON cannot encode or that exceeds max_payload, and keeps serving', async () => {
    await server.serve('svc.bad', 'svc', async (payload) => {
      const kind = (payload as { kind: string }).kind;
      if (kind === 'bigint') return { n: 1n };
      if (kind === 'huge') return { blob: 'x'.repeat(9 * 1024 * 1024) };
      return { fine: true };
    });
    expect(await client.request('svc.bad', { kind: 'bigint' }, opts)).toMatchObject({ ok: false, error: { code: 50000 } });
    expect(await client.request('svc.bad', { kind: 'huge' }, opts)).toMatchObject({ ok: false, error: { code: 50000 } });
    expect(await client.request('svc.bad', { kind: 'ok' }, opts)).toEqual({ ok: true, data: { fine: true } });
  });

  it('creates the event stream with max_age and max_bytes from config', async () => {
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const { connect } = await import('@nats-io/transport-node');
    const nc = await connect({ servers: NATS_URL });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(`PORTAL_EVENTS_${ns}`);
      expect(info.config.max_age).toBeGreaterThan(0);
      expect(info.config.max_bytes).toBeGreaterThan(0);
    } finally {
      await nc.close();
    }
  });

  it('sends an event that failed maxDeliver times to the dead-letter subject, counts it, and goes on with the next', async () => {
    const { deadLetterSubject } = await import('../src/transport/nats.transport.js');
    const dead: unknown[] = [];
    await client.consume('dead-letter-reader', [deadLetterSubject('fault-consumer')], async (payload, headers) => { dead.push({ payload, consumer: headers['x-dead-letter-consumer'] }); });
    const handled: unknown[] = [];
    let attempts = 0;
    await server.consume('fault-consumer', ['events.test.poison.sent'], async (payload) => {
      if ((payload as { poison?: boolean }).poison) {
        attempts++;
        throw new Error('cannot handle this');
      }
      handled.push(payload);
    });
    await client.publish('events.test.poison.sent', { poison: true }, 'poison-1', {});
    await client.publish('events.test.poison.sent', { n: 2 }, 'fine-2', {});
    await client.idle({ timeoutMs: 20_000 });
    expect(attempts).toBe(2);
    expect(handled).toEqual([{ n: 2 }]);
    expect(server.deadLetterCount()).toBe(1);
    expect(dead).toEqual([{ payload: { poison: true }, consumer: 'fault-consumer' }]);
  });

  it('answers the requests in flight when it drains, instead of leaving their callers to time out', async () => {
    const draining = await NatsTransport.connect(NATS_URL, 'fault-drain', ns);
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => { started = resolve; });
    await draining.serve('svc.slowly', 'slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      return 'finished';
    });
    const reply = client.request<string>('svc.slowly', {}, { ...opts, timeoutMs: 10_000 });
    await inHandler;
    const t0 = Date.now();
    await draining.drain();
    expect(await reply).toEqual({ ok: true, data: 'finished' });
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});

describe('NATS transport: a responder that dies mid-call (issue 21, item 10)', () => {
  const ns = `tr${randomBytes(4).toString('hex')}`;
  let client: NatsTransport;
  let server: NatsTransport;
  beforeAll(async () => {
    [client, server] = await Promise.all(['dead-client', 'live-server'].map((name) => NatsTransport.connect(NATS_URL, name, ns)));
  });
  afterAll(async () => {
    await server.destroyStream();
    await Promise.all([client.drain(), server.drain()]);
  });

  it('fails a call within 2 s of its service being SIGKILLed mid-call, not at the 60 s timeout; waits for one whose service is alive but blocked for 3 s', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/nats-responder.ts', import.meta.url)), NATS_URL, ns], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    try {
      await eventually(() => out.includes('ready'), 30_000);
      // Alive but silent for 3 s (its event loop blocked): its connection answers for it, the call waits.
      expect(await client.request('svc.busy', {}, { ...opts, timeoutMs: 60_000 })).toEqual({ ok: true, data: { done: true } });

      const call = client.request('svc.hang', { write: true }, { ...opts, timeoutMs: 60_000 });
      const settled = call.then(() => 'answered', (error: unknown) => error);
      await eventually(() => out.includes('working'));
      await new Promise((r) => setTimeout(r, 400)); // its first progress message is out
      const killed = performance.now();
      child.kill('SIGKILL');
      const error = await settled;
      const after = performance.now() - killed;
      process.stdout.write(`nats-transport: a call whose service was killed mid-call failed ${Math.round(after)} ms after the kill\n`);
      expect(error).toBeInstanceOf(ResponderLostError);
      expect(error).toBeInstanceOf(NoResponderError); // mapped like a service that is not there: 50000
      expect(after).toBeLessThan(2_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('keeps a long call whose service is alive and working: its progress messages hold the call open; a caller that does not ask for them gets none', async () => {
    await server.serve('svc.long', 'svc', () => new Promise((r) => setTimeout(() => r({ done: true }), 3_500)));
    expect(await client.request('svc.long', {}, { ...opts, timeoutMs: 60_000 })).toEqual({ ok: true, data: { done: true } });
    // A caller of an older release (a plain NATS request) takes the first message for the answer.
    const { connect } = await import('@nats-io/transport-node');
    const nc = await connect({ servers: NATS_URL });
    try {
      const answer = await nc.request(`${ns}.svc.long`, new TextEncoder().encode('{}'), { timeout: 10_000 });
      expect(JSON.parse(new TextDecoder().decode(answer.data))).toEqual({ ok: true, data: { done: true } });
    } finally {
      await nc.close();
    }
  });
});
