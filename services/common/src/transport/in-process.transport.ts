import type { TServiceReply } from '@portal/proto';
import { toFailure } from '../errors.js';
import { createLogger } from '../logger.js';
import {
  NoResponderError, TransportTimeoutError,
  type EventHandler, type MessageHeaders, type RequestHandler, type RequestOptions, type Transport,
} from './transport.js';

const log = createLogger('InProcessTransport');

/** How long a consumer may take before the delivery counts as failed (JetStream's ack_wait). */
const DEFAULT_ACK_WAIT_MS = 30_000;

interface Consumer {
  durable: string;
  subjects: readonly string[];
  handler: EventHandler;
  /** Message ids this consumer has handled (JetStream's duplicate window, per consumer). */
  seen: Set<string>;
  /** Deliveries under way, so that a retry joins a slow one instead of running it twice. */
  running: Map<string, Promise<void>>;
}

/** An event that at least one consumer has not handled yet: the publisher must retry it. */
export class EventDeliveryError extends Error {
  constructor(subject: string, readonly consumers: string[], options: { cause: unknown }) {
    super(`${subject}: not handled by ${consumers.join(', ')}`, options);
    this.name = 'EventDeliveryError';
  }
}

export interface InProcessTransportOptions {
  /**
   * Hold events until open() is called. The all-in-one process starts its services one after
   * another and each one's outbox relay starts with it; without the hold, an event published
   * before its consumer's service has started would find nobody and count as delivered.
   */
  holdEvents?: boolean;
  /** Default 30 s, like the NATS consumers' ack_wait. */
  ackWaitMs?: number;
}

/**
 * All-in-one mode: the same subjects, dispatched in memory. Payloads are copied through JSON so
 * a handler sees exactly what it would see over NATS (no shared object references, dates as
 * strings). Events are de-duplicated by message id per consumer, like JetStream's window.
 *
 * Delivery has JetStream's guarantee for the caller that matters, the outbox relay: `publish`
 * resolves only once every consumer of the subject has handled the event, and rejects when one
 * has not (handler error, or no answer within ackWaitMs), so the outbox row stays unpublished and
 * the relay retries it; consumers that already handled it are skipped on the retry.
 */
export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, RequestHandler[]>();
  private readonly rr = new Map<string, number>();
  private readonly consumers: Consumer[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** publish() calls under way (held ones included), for idle(). */
  private readonly publishing = new Set<Promise<unknown>>();
  private readonly ackWaitMs: number;
  private opened: Promise<void>;
  private release: () => void = () => undefined;
  private draining = false;

  constructor(options: InProcessTransportOptions = {}) {
    this.ackWaitMs = options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
    this.opened = options.holdEvents ? new Promise((resolve) => { this.release = resolve; }) : Promise.resolve();
  }

  /** Starts delivering held events (every consumer of the process is registered by now). */
  open(): void {
    this.release();
  }

  async request<T>(subject: string, payload: unknown, options: RequestOptions): Promise<TServiceReply<T>> {
    if (this.draining) throw new NoResponderError(subject);
    const list = this.handlers.get(subject);
    if (!list?.length) throw new NoResponderError(subject);
    const index = (this.rr.get(subject) ?? 0) % list.length;
    this.rr.set(subject, index + 1);
    const handler = list[index]!;
    const work = runHandler<T>(handler, copy(payload), { ...options.headers });
    this.inFlight.add(work);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TransportTimeoutError(subject)), options.timeoutMs);
    });
    try {
      return copy(await Promise.race([work, timeout]));
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(work);
    }
  }

  async serve(subject: string, _queue: string, handler: RequestHandler): Promise<void> {
    const list = this.handlers.get(subject) ?? [];
    list.push(handler);
    this.handlers.set(subject, list);
  }

  publish(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    const publishing = this.publishToConsumers(subject, payload, msgId, headers);
    const tracked = publishing.catch(() => undefined).finally(() => this.publishing.delete(tracked));
    this.publishing.add(tracked);
    return publishing;
  }

  private async publishToConsumers(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    await this.opened;
    if (this.draining) throw new TransportClosedError(subject);
    const targets = this.consumers.filter((c) => c.subjects.some((s) => matches(s, subject)) && !c.seen.has(msgId));
    const results = await Promise.allSettled(targets.map((c) => this.deliver(c, subject, payload, msgId, headers)));
    const failed = targets.filter((_, i) => results[i]!.status === 'rejected');
    if (failed.length) {
      const first = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      throw new EventDeliveryError(subject, failed.map((c) => c.durable), { cause: first.reason });
    }
  }

  /** One consumer handles one event once; a second delivery of the same id joins the first. */
  private deliver(consumer: Consumer, subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    let work = consumer.running.get(msgId);
    if (!work) {
      work = consumer.handler(copy(payload), { ...headers, 'Nats-Msg-Id': msgId }).then(() => {
        consumer.seen.add(msgId);
        if (consumer.seen.size > 100_000) consumer.seen.delete(consumer.seen.values().next().value!);
      });
      const tracked = work.finally(() => {
        consumer.running.delete(msgId);
        this.inFlight.delete(tracked);
      });
      tracked.catch(() => undefined);
      consumer.running.set(msgId, work);
      this.inFlight.add(tracked);
    }
    let timer: NodeJS.Timeout | undefined;
    const ackWait = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TransportTimeoutError(`${subject} (${consumer.durable})`)), this.ackWaitMs);
    });
    return Promise.race([work, ackWait]).catch((error: unknown) => {
      log.warn({ err: error, subject, consumer: consumer.durable }, 'event handler failed; the outbox will redeliver');
      throw error;
    }).finally(() => clearTimeout(timer));
  }

  async consume(durable: string, subjects: readonly string[], handler: EventHandler): Promise<void> {
    this.consumers.push({ durable, subjects, handler, seen: new Set(), running: new Map() });
  }

  isReady(): boolean {
    return !this.draining;
  }

  /** In-process events are retried by their outbox (with back-off), never dead-lettered. */
  deadLetterCount(): number {
    return 0;
  }

  /**
   * Waits until no publish and no delivery is under way (ones started meanwhile included). A held
   * publish (before open()) counts as under way.
   */
  async idle(options: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_ACK_WAIT_MS);
    for (;;) {
      const running = [...this.publishing, ...this.consumers.flatMap((c) => [...c.running.values()])];
      if (!running.length) return;
      const left = deadline - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), Math.max(0, left)); });
      const outcome = await Promise.race([Promise.allSettled(running), late]).finally(() => clearTimeout(timer));
      if (outcome === 'late') {
        const busy = this.consumers.filter((c) => c.running.size).map((c) => `${c.durable} (${c.running.size})`);
        throw new Error(`in-process events still being delivered after ${options.timeoutMs ?? DEFAULT_ACK_WAIT_MS} ms: ${this.publishing.size} publish(es), consumers ${busy.join(', ') || 'none'}`);
      }
    }
  }

  async drain(): Promise<void> {
    this.draining = true;
    this.release(); // held publishes end (and stay in their outbox)
    await Promise.allSettled([...this.inFlight]);
  }
}

/** Publishing after drain(): the event stays in its outbox for the next start. */
export class TransportClosedError extends Error {
  constructor(subject: string) {
    super(`Transport closed; ${subject} stays in the outbox`);
    this.name = 'TransportClosedError';
  }
}

async function runHandler<T>(handler: RequestHandler, payload: unknown, headers: MessageHeaders): Promise<TServiceReply<T>> {
  try {
    return { ok: true, data: (await handler(payload, headers)) as T };
  } catch (error) {
    const { failure, unexpected } = toFailure(error);
    if (unexpected) log.error({ err: error }, 'handler failed');
    return { ok: false, error: failure };
  }
}

function copy<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** NATS subject matching: `*` one token, `>` the rest. */
export function matches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
