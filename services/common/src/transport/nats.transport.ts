import { connect, createInbox, headers as natsHeaders, type Msg, type NatsConnection, type Subscription, type MsgHdrs } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JetStreamClient, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { AccessCode, DEFAULT_MESSAGE_KEY, EVENTS_PREFIX, EVENTS_STREAM, type TServiceReply } from '@portal/proto';
import { inboxPrefix } from '@portal/proto/nats-access';
import { toFailure } from '../errors.js';
import { createLogger } from '../logger.js';
import { recordDeadLetter, recordNatsRequest } from '../telemetry.js';
import {
  NoResponderError, ResponderLostError, TransportTimeoutError,
  type EventHandler, type MessageHeaders, type RequestHandler, type RequestOptions, type Transport,
} from './transport.js';

const log = createLogger('NatsTransport');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function toNatsHeaders(h: MessageHeaders): MsgHdrs {
  const out = natsHeaders();
  for (const [k, v] of Object.entries(h)) out.set(k, v);
  return out;
}
/**
 * Request-reply headers: the W3C trace headers as real NATS headers (any tracing-aware peer reads
 * them), everything else as one JSON header. The NATS client builds, validates and parses each
 * header on its own; with the eight context headers of a /v1 call that was a sizeable part of the
 * gateway's and the service's cost per request.
 */
const CONTEXT_HEADER = 'x-portal-context';
const TRACE_HEADERS = new Set(['traceparent', 'tracestate']);

function packHeaders(h: MessageHeaders): MsgHdrs {
  const out = natsHeaders();
  const rest: MessageHeaders = {};
  let any = false;
  for (const k in h) {
    if (TRACE_HEADERS.has(k)) out.set(k, h[k]!);
    else {
      rest[k] = h[k]!;
      any = true;
    }
  }
  if (any) out.set(CONTEXT_HEADER, JSON.stringify(rest));
  return out;
}
function unpackHeaders(h: MsgHdrs | undefined): MessageHeaders {
  if (!h) return {};
  const packed = h.get(CONTEXT_HEADER);
  let out: MessageHeaders = {};
  if (packed) {
    try {
      const parsed = JSON.parse(packed) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        out = Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
      }
    } catch {
      out = {};
    }
  }
  for (const k of TRACE_HEADERS) {
    const v = h.get(k);
    if (v) out[k] = v;
  }
  return out;
}

function fromNatsHeaders(h: MsgHdrs | undefined): MessageHeaders {
  const out: MessageHeaders = {};
  if (!h) return out;
  for (const k of h.keys()) out[k.toLowerCase() === 'nats-msg-id' ? 'Nats-Msg-Id' : k.toLowerCase()] = h.get(k);
  return out;
}

/**
 * Runs the queued socket writes together once per event-loop turn. The NATS client flushes its
 * outbound buffer in a microtask, so messages sent from different I/O callbacks (one per HTTP
 * request, one per finished handler) would each cost a socket write; sent from one callback they
 * share one. Adds at most one loop turn of latency; keeps their order.
 */
class WriteBatch {
  private queue: (() => void)[] = [];
  private scheduled = false;

  /** Runs `write` in the next batch; resolves once it ran (rejects if it threw). */
  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        try {
          resolve(write());
        } catch (error) {
          reject(error);
        }
      });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.flush);
      }
    });
  }

  private readonly flush = (): void => {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    for (const write of queue) write();
  };
}

/** A request waiting for its reply on this connection's reply inbox. */
interface PendingReply {
  subject: string;
  resolve(data: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** When the responder last said something (the request was sent, a progress message came, a probe was answered). */
  heard: number;
  /** How long it may stay silent before its responder is looked at: our limit, or three of its announced progress intervals. */
  silenceMs: number;
  /** The responder's liveness subject, from its progress messages. */
  liveness?: string;
  probing?: boolean;
  /** A liveness probe itself (never judged for silence). */
  probe?: boolean;
}

/**
 * Issue 21, item 10: a call whose service dies mid-call. NATS core request-reply gives no notice
 * when the responder dies (a SIGKILL, an OOM): the requester would wait out the call's whole
 * timeout (60 s). So a service working on a call says so (to a caller whose request carries
 * PROGRESS_HEADER, i.e. one of this release: an older one would take it for the answer): once the call has taken
 * FIRST_PROGRESS_MS, and then every `silenceMs / 3`, it sends an empty message to the call's reply
 * subject with PROGRESS_HEADER (its interval) and LIVENESS_HEADER (a subject only its connection
 * serves: its reply inbox's `alive`). The requester looks at a call silent for two thirds of
 * `silenceMs` (RESPONDER_SILENCE_MS, 1.5 s):
 * - it asks the responder's liveness subject; NATS answers "no responders" at once when that
 *   connection is gone (the server drops a dead process's subscriptions when its socket closes):
 *   the call fails with ResponderLostError, about 1 s after the death;
 * - a responder that answers the probe is alive (busy: its progress was late) and the call waits
 *   on; one that neither answers nor is gone is asked again, and given up after 10 × `silenceMs`
 *   (a host that vanished without closing its sockets);
 * - a call that never heard from its responder (it died within FIRST_PROGRESS_MS) fails after
 *   `silenceMs`.
 * Nothing is sent again: a write is never replayed.
 */
const PROGRESS_HEADER = 'x-portal-progress';
const LIVENESS_HEADER = 'x-portal-liveness';
const FIRST_PROGRESS_MS = 200;
const PROBE_TIMEOUT_MS = 1_000;
/** How often both sides look at their calls under way (progress due, silence too long). */
const WATCH_EVERY_MS = 100;
/** The token of this connection's reply inbox that answers liveness probes. */
const ALIVE_TOKEN = 'alive';

/** NATS's default max_payload, if the server's INFO does not say. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room left for the reply's subject and headers inside max_payload. */
const REPLY_HEADROOM = 4 * 1024;

const serverError = (): TServiceReply<never> => ({ ok: false, error: { code: AccessCode.SERVER_ERROR, message: { key: DEFAULT_MESSAGE_KEY[AccessCode.SERVER_ERROR] } } });

/** Encodes a failure reply; a failure that cannot be encoded (params with a BigInt) is a plain 50000. */
function encodeSafely(reply: TServiceReply<unknown>, subject: string): Uint8Array {
  try {
    return encode(reply);
  } catch (error) {
    log.error({ err: error, subject }, 'failure reply could not be encoded');
    return encode(serverError());
  }
}

function decode(data: Uint8Array): unknown {
  return data.length ? JSON.parse(decoder.decode(data)) : undefined;
}
function encode(value: unknown): Uint8Array {
  return value === undefined ? new Uint8Array() : encoder.encode(JSON.stringify(value));
}

export interface NatsOptions {
  /** This process's NATS user and password (per-service credentials). */
  user?: string;
  password?: string;
  /**
   * Issue 24: TLS to the NATS server (a `tls://` URL requires it): the CA of a private
   * certificate, and a client certificate when the server verifies clients.
   */
  tls?: { caFile?: string; certFile?: string; keyFile?: string };
  /** Stream limits: events older than this are dropped (default 7 days). */
  maxAgeMs?: number;
  /** Stream limits: the oldest events are dropped beyond this size (default 1 GiB). */
  maxBytes?: number;
  /** Deliveries of one event before it goes to the dead-letter subject (default 5). */
  maxDeliver?: number;
  /** A delivered event not acknowledged within this is delivered again (default 30 s). */
  ackWaitMs?: number;
  /**
   * A call whose responder says nothing (no answer, no progress) for this long fails with
   * ResponderLostError; a service sends progress every third of it on a call under way (default 1.5 s).
   */
  silenceMs?: number;
}

const NS_PER_MS = 1_000_000;

/** The event stream's configuration: subjects, de-duplication window and limits (config: EVENTS_MAX_AGE_MS, EVENTS_MAX_BYTES). */
export function streamConfig(name: string, subject: string, options: Pick<NatsOptions, 'maxAgeMs' | 'maxBytes'> = {}) {
  return {
    name,
    subjects: [subject],
    duplicate_window: 2 * 60 * 1000 * NS_PER_MS,
    max_age: (options.maxAgeMs ?? 7 * 24 * 3600 * 1000) * NS_PER_MS,
    max_bytes: options.maxBytes ?? 1024 * 1024 * 1024,
  };
}

/** Where an event goes after it failed `maxDeliver` times: `events.dead-letter.<consumer>` (in the same stream, kept for max_age). */
export const deadLetterSubject = (durable: string) => `${EVENTS_PREFIX}.dead-letter.${durable}`;

/**
 * Distributed mode: core request-reply for commands and queries, JetStream for durable events
 * (stream PORTAL_EVENTS over `events.>`, de-duplicated by Nats-Msg-Id = the outbox id).
 */
export class NatsTransport implements Transport {
  readonly kind = 'nats' as const;
  private readonly subscriptions: Subscription[] = [];
  private readonly consumers: ConsumerMessages[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Event handlers of this connection's consumers under way (a subset of inFlight). */
  private readonly consumerWork = new Set<Promise<unknown>>();
  private readonly writes = new WriteBatch();
  /**
   * Request-reply over one wildcard reply subscription (`<inbox>.<token>`), as the client's own
   * muxed request does, but without its per-request bookkeeping (it builds and throws away an
   * Error with a stack trace for every successful request).
   */
  private readonly pending = new Map<string, PendingReply>();
  private readonly inbox: string;
  private nextToken = 0;
  private js!: JetStreamClient;
  private readonly stream: string;
  /** False between a disconnect and the reconnect (readiness). */
  private connected = true;

  /**
   * `namespace` isolates several portals on one NATS server (tests, staging): every subject gets
   * the prefix `<namespace>.` and the stream is PORTAL_EVENTS_<namespace>.
   */
  /** Events that failed maxDeliver times and went to the dead-letter subject (health endpoint). */
  private deadLettered = 0;
  private readonly maxDeliver: number;
  private readonly ackWaitMs: number;
  private readonly silenceMs: number;
  /** Calls this service is working on, each with when its next progress message is due. */
  private readonly working = new Map<Msg, number>();
  private progressTimer: NodeJS.Timeout | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private lastWatch = 0;
  private readonly progressHeaders: MsgHdrs;

  private constructor(private readonly nc: NatsConnection, private readonly namespace: string, options: NatsOptions) {
    // Issue 24: a user's replies come to its own inbox prefix, which NATS lets only that user read.
    this.inbox = `${createInbox(options.user ? inboxPrefix(options.user) : undefined)}.`;
    this.stream = namespace ? `${EVENTS_STREAM}_${namespace}` : EVENTS_STREAM;
    this.maxDeliver = options.maxDeliver ?? 5;
    this.ackWaitMs = options.ackWaitMs ?? 30_000;
    this.silenceMs = options.silenceMs ?? 1_500;
    this.progressHeaders = natsHeaders();
    this.progressHeaders.set(PROGRESS_HEADER, String(this.progressEveryMs()));
    this.progressHeaders.set(LIVENESS_HEADER, `${this.inbox}${ALIVE_TOKEN}`);
  }

  private progressEveryMs(): number {
    return Math.max(50, Math.floor(this.silenceMs / 3));
  }

  private subject(subject: string): string {
    return this.namespace ? `${this.namespace}.${subject}` : subject;
  }

  static async connect(url: string, name: string, namespace = '', options: NatsOptions = {}): Promise<NatsTransport> {
    if (namespace && !/^[A-Za-z0-9_-]+$/.test(namespace)) throw new Error('NATS namespace: letters, digits, _ and - only');
    // noAsyncTraces: no Error (with its stack) is built up front for every request just in case it
    // fails; a failure still rejects with the same error classes and messages.
    const nc = await connect({
      servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true,
      // Each process its own NATS user (distributed mode, the chart): docs/operations.md, "Credentials".
      ...(options.user ? { user: options.user, pass: options.password ?? '', inboxPrefix: inboxPrefix(options.user) } : {}),
      ...(options.tls && Object.values(options.tls).some(Boolean) ? { tls: options.tls } : {}),
    });
    const transport = new NatsTransport(nc, namespace, options);
    nc.subscribe(`${transport.inbox}*`, { callback: (err, msg) => transport.onReply(err, msg) });
    void nc.closed().then(() => transport.failPending(new Error('NATS connection closed')));
    transport.js = jetstream(nc);
    const jsm = await jetstreamManager(nc);
    const config = streamConfig(transport.stream, transport.subject(`${EVENTS_PREFIX}.>`), options);
    try {
      await jsm.streams.info(transport.stream);
      const { name: _name, ...update } = config;
      await jsm.streams.update(transport.stream, update);
    } catch {
      await jsm.streams.add(config);
    }
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type === 'disconnect' || s.type === 'reconnect') {
          transport.connected = s.type === 'reconnect';
          log.warn({ status: s.type }, 'nats connection status');
        }
      }
    })().catch((err: unknown) => log.warn({ err }, 'nats status stream ended'));
    return transport;
  }

  async request<T>(subject: string, payload: unknown, options: RequestOptions): Promise<TServiceReply<T>> {
    return decode(await this.requestRaw(subject, payload, options)) as TServiceReply<T>;
  }

  async requestRaw(subject: string, payload: unknown, options: RequestOptions): Promise<Uint8Array> {
    const data = encode(payload);
    // Asks the service for progress messages (a service of an older release sends none, and one
    // of this release sends them only to a caller that can tell them from the answer).
    const headers = packHeaders({ ...options.headers, [PROGRESS_HEADER]: '1' });
    const token = (this.nextToken++).toString(36);
    const started = performance.now();
    const reply = await new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        reject(new TransportTimeoutError(subject));
      }, options.timeoutMs);
      this.pending.set(token, { subject, resolve, reject, timer, heard: performance.now(), silenceMs: this.silenceMs });
      this.watchCalls();
      this.writes.run(() => this.nc.publish(this.subject(subject), data, { reply: this.inbox + token, headers })).catch((error: unknown) => {
        clearTimeout(timer);
        this.pending.delete(token);
        reject(error as Error);
      });
    }).catch((error: unknown) => {
      const outcome = error instanceof TransportTimeoutError ? 'timeout'
        : error instanceof ResponderLostError ? 'responder_lost' : error instanceof NoResponderError ? 'no_responder' : 'error';
      recordNatsRequest(subject, outcome, (performance.now() - started) / 1000);
      throw error;
    });
    recordNatsRequest(subject, 'ok', (performance.now() - started) / 1000);
    return reply;
  }

  private onReply(err: Error | null, msg: Msg): void {
    if (err) {
      this.failPending(err);
      return;
    }
    const token = msg.subject.slice(this.inbox.length);
    if (token === ALIVE_TOKEN) {
      // A requester asks whether this connection lives (it works on that requester's call).
      if (msg.reply) msg.respond();
      return;
    }
    const pending = this.pending.get(token);
    if (!pending) return; // timed out already
    const progress = msg.headers?.get(PROGRESS_HEADER);
    if (progress) {
      // Still working: the call may stay silent for three of the responder's intervals from now.
      pending.heard = performance.now();
      pending.silenceMs = Math.max(this.silenceMs, 3 * (Number(progress) || 0));
      pending.liveness = msg.headers?.get(LIVENESS_HEADER) || undefined;
      return;
    }
    this.pending.delete(token);
    clearTimeout(pending.timer);
    // The server answers a request to a subject nobody serves with an empty 503 status message.
    if (msg.data.length === 0 && msg.headers?.code === 503) pending.reject(new NoResponderError(pending.subject));
    else pending.resolve(msg.data);
  }

  private failPending(error: Error): void {
    for (const [token, pending] of this.pending) {
      this.pending.delete(token);
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  /**
   * While calls are under way, every WATCH_EVERY_MS: a call whose responder has been silent too
   * long is looked at (see PROGRESS_HEADER). A look that comes late (this process's event loop was
   * busy) judges nothing: answers and progress may be waiting, unread, on the socket.
   */
  private watchCalls(): void {
    if (this.watchTimer) return;
    this.lastWatch = performance.now();
    this.watchTimer = setInterval(() => {
      const now = performance.now();
      const late = now - this.lastWatch > 3 * WATCH_EVERY_MS;
      this.lastWatch = now;
      if (!this.pending.size) {
        clearInterval(this.watchTimer);
        this.watchTimer = undefined;
        return;
      }
      if (late) return;
      for (const [token, pending] of this.pending) {
        if (pending.probe) continue;
        const silent = now - pending.heard;
        if (!pending.liveness) {
          if (silent > pending.silenceMs) this.lose(token, pending, silent);
        } else if (silent > 10 * pending.silenceMs) {
          this.lose(token, pending, silent);
        } else if (silent > (2 * pending.silenceMs) / 3 && !pending.probing) {
          pending.probing = true;
          void this.probe(pending.liveness).then((outcome) => {
            pending.probing = false;
            if (this.pending.get(token) !== pending) return; // answered meanwhile
            if (outcome === 'gone') this.lose(token, pending, performance.now() - pending.heard);
            else if (outcome === 'alive') pending.heard = performance.now();
          });
        }
      }
    }, WATCH_EVERY_MS);
    this.watchTimer.unref();
  }

  private lose(token: string, pending: PendingReply, silentMs: number): void {
    this.pending.delete(token);
    clearTimeout(pending.timer);
    pending.reject(new ResponderLostError(pending.subject, Math.round(silentMs)));
  }

  /** Asks a responder's liveness subject: answered (alive), no responders (its connection is gone), or nothing in time. */
  private probe(subject: string): Promise<'alive' | 'gone' | 'silent'> {
    const token = (this.nextToken++).toString(36);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(token);
        resolve('silent');
      }, PROBE_TIMEOUT_MS);
      this.pending.set(token, {
        subject, timer, heard: performance.now(), silenceMs: Infinity, probe: true,
        resolve: () => resolve('alive'),
        reject: (error) => resolve(error instanceof NoResponderError ? 'gone' : 'silent'),
      });
      try {
        this.nc.publish(subject, undefined, { reply: this.inbox + token });
      } catch {
        clearTimeout(timer);
        this.pending.delete(token);
        resolve('silent');
      }
    });
  }

  /** While this service works on calls: each one's progress message when it is due. */
  private sendProgress(): void {
    if (this.progressTimer) return;
    this.progressTimer = setInterval(() => {
      if (!this.working.size) {
        clearInterval(this.progressTimer);
        this.progressTimer = undefined;
        return;
      }
      const now = performance.now();
      const every = this.progressEveryMs();
      for (const [msg, due] of this.working) {
        if (due > now) continue;
        this.working.set(msg, now + every);
        try {
          this.nc.publish(msg.reply!, undefined, { headers: this.progressHeaders });
        } catch (error) {
          // The connection is closing: the answer (or the caller's silence limit) settles the call.
          log.debug({ err: error }, 'could not send progress');
        }
      }
    }, WATCH_EVERY_MS);
    this.progressTimer.unref();
  }

  async serve(subject: string, queue: string, handler: RequestHandler): Promise<void> {
    const sub = this.nc.subscribe(this.subject(subject), {
      queue,
      callback: (err, msg) => {
        if (err) {
          log.error({ err, subject }, 'subscription error');
          return;
        }
        const work = this.answer(subject, msg, handler);
        this.inFlight.add(work);
        void work.finally(() => this.inFlight.delete(work));
      },
    });
    this.subscriptions.push(sub);
    await this.nc.flush();
  }

  /**
   * Runs one request and answers it. Everything, the encoding and the respond included, sits
   * inside the try: a reply that JSON cannot encode (a BigInt, a cycle) or that is larger than the
   * server's max_payload answers 50000 instead, and nothing here can reject unhandled. A request
   * the caller has stopped waiting for (its x-deadline passed: the gateway answered 50000 already)
   * is not worked on; nobody would read the answer.
   */
  private async answer(subject: string, msg: Msg, handler: RequestHandler): Promise<void> {
    const { [PROGRESS_HEADER]: progress, ...headers } = unpackHeaders(msg.headers);
    if (msg.reply && progress) {
      this.working.set(msg, performance.now() + FIRST_PROGRESS_MS);
      this.sendProgress();
    }
    try {
      let data: Uint8Array;
      try {
        const reply: TServiceReply<unknown> = { ok: true, data: await handler(decode(msg.data), headers) };
        data = encode(reply);
        const limit = this.nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
        if (data.length > limit - REPLY_HEADROOM) {
          log.error({ subject, bytes: data.length, limit }, 'reply exceeds the NATS payload limit');
          data = encode(serverError());
        }
      } catch (error) {
        const { failure, unexpected } = toFailure(error);
        if (unexpected) log.error({ err: error, subject }, 'handler failed');
        data = encodeSafely({ ok: false, error: failure }, subject);
      }
      if (!msg.reply) return;
      await this.writes.run(() => {
        this.working.delete(msg); // no progress after the answer
        msg.respond(data);
      });
    } catch (error) {
      // The connection closed under us, or respond refused: the caller's silence limit ends the call; we keep running.
      log.error({ err: error, subject }, 'could not answer a request');
    } finally {
      this.working.delete(msg);
    }
  }

  async publish(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    await this.js.publish(this.subject(subject), encode(payload), { msgID: msgId, headers: toNatsHeaders(headers) });
  }

  async consume(durable: string, subjects: readonly string[], handler: EventHandler): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    // What an existing consumer takes over from this configuration (its subjects, its ack wait).
    const updatable = {
      // One subject: filter_subject works on every JetStream server (filter_subjects needs 2.10).
      ...(subjects.length === 1 ? { filter_subject: this.subject(subjects[0]!) } : { filter_subjects: subjects.map((x) => this.subject(x)) }),
      ack_wait: this.ackWaitMs * NS_PER_MS,
    };
    const config = { durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ...updatable, max_deliver: -1 };
    try {
      await jsm.consumers.info(this.stream, durable);
      await jsm.consumers.update(this.stream, durable, updatable);
    } catch {
      await jsm.consumers.add(this.stream, config);
    }
    const consumer = await this.js.consumers.get(this.stream, durable);
    const messages = await consumer.consume({ max_messages: 64 });
    this.consumers.push(messages);
    void (async () => {
      for await (const m of messages) {
        const work = this.handleEvent(durable, m, handler);
        this.inFlight.add(work);
        this.consumerWork.add(work);
        await work.finally(() => {
          this.inFlight.delete(work);
          this.consumerWork.delete(work);
        });
      }
    })().catch((err: unknown) => log.warn({ err, durable }, 'event consumer stopped'));
  }

  /**
   * One delivery of an event: ack after the handler; a failure is redelivered with back-off, and
   * the `maxDeliver`-th failure goes to the dead-letter subject (with the consumer, the original
   * subject, the last error and the payload) and is acknowledged, so one poisoned event cannot
   * stall its consumer for ever. Operators see the count on the service's /healthz and an error
   * log line with the event.
   */
  private async handleEvent(durable: string, m: JsMsg, handler: EventHandler): Promise<void> {
    const headers = fromNatsHeaders(m.headers);
    const msgId = headers['Nats-Msg-Id'] ?? `${m.info.stream}:${m.seq}`;
    try {
      await handler(decode(m.data), { ...headers, 'Nats-Msg-Id': msgId });
      m.ack();
    } catch (error) {
      const deliveries = m.info.deliveryCount;
      if (deliveries < this.maxDeliver) {
        log.error({ err: error, subject: m.subject, durable, redelivery: deliveries }, 'event handler failed; will redeliver');
        m.nak(Math.min(30_000, 500 * 2 ** Math.min(deliveries, 6)));
        return;
      }
      this.deadLettered++;
      recordDeadLetter(durable);
      let payload: unknown;
      try {
        payload = decode(m.data);
      } catch {
        payload = decoder.decode(m.data);
      }
      log.error({ err: error, subject: m.subject, durable, msg_id: msgId, deliveries, event: payload }, 'event failed too often; sent to the dead-letter subject');
      try {
        const out = toNatsHeaders({ ...headers, 'x-dead-letter-consumer': durable, 'x-dead-letter-subject': m.subject, 'x-dead-letter-error': String((error as Error)?.message ?? error).slice(0, 500) });
        await this.js.publish(this.subject(deadLetterSubject(durable)), m.data, { msgID: `dead-letter:${durable}:${msgId}`, headers: out });
        m.term();
      } catch (publishError) {
        // Not recorded anywhere yet: leave it to JetStream's redelivery and try again then.
        log.error({ err: publishError, durable }, 'could not publish the dead letter');
        m.nak(30_000);
      }
    }
  }

  /** Events this process sent to the dead-letter subject since it started. */
  deadLetterCount(): number {
    return this.deadLettered;
  }

  /** Deletes this namespace's stream (tests clean up after themselves). */
  async destroyStream(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    await jsm.streams.delete(this.stream).catch(() => undefined);
  }

  isReady(): boolean {
    return this.connected && !this.nc.isClosed() && !this.nc.isDraining();
  }

  /**
   * Waits until every durable consumer of this namespace's stream, in any process, has nothing
   * left to deliver and nothing delivered but unacknowledged (JetStream's num_pending and
   * num_ack_pending; a handler acks after it finished). JetStream announces neither, so this asks
   * the server again after 1, 2, 4 ... at most 50 ms, or as soon as a local handler finishes.
   */
  async idle(options: { timeoutMs?: number } = {}): Promise<void> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    const jsm = await jetstreamManager(this.nc, { checkAPI: false });
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      const busy: string[] = [];
      for await (const c of jsm.consumers.list(this.stream)) {
        if (c.num_pending || c.num_ack_pending) busy.push(`${c.name} (pending ${c.num_pending}, unacknowledged ${c.num_ack_pending})`);
      }
      if (!busy.length) return;
      if (Date.now() >= deadline) throw new Error(`NATS consumers of ${this.stream} still busy after ${timeoutMs} ms: ${busy.join(', ')}`);
      let timer: NodeJS.Timeout | undefined;
      const next = new Promise<void>((resolve) => { timer = setTimeout(resolve, Math.min(delay, Math.max(0, deadline - Date.now()))); });
      const local = [...this.consumerWork];
      await Promise.race(local.length ? [next, Promise.allSettled(local)] : [next]).finally(() => clearTimeout(timer));
    }
  }

  /**
   * Graceful stop: the durable consumers stop pulling, the request subscriptions drain (the server
   * stops routing to this instance; messages already delivered to it are still handled), every
   * handler under way finishes and its answer is sent, then the connection drains and closes.
   */
  async drain(): Promise<void> {
    for (const c of this.consumers) await c.close().catch(() => undefined);
    await Promise.allSettled(this.subscriptions.map((s) => s.drain()));
    await Promise.allSettled([...this.inFlight]);
    await this.writes.run(() => undefined).catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}
