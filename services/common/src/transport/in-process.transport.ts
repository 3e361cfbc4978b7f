import type { TServiceReply } from '@portal/proto';
import { toFailure } from '../errors.js';
import { createLogger } from '../logger.js';
import {
  NoResponderError, TransportTimeoutError,
  type EventHandler, type MessageHeaders, type RequestHandler, type RequestOptions, type Transport,
} from './transport.js';

const log = createLogger('InProcessTransport');

/**
 * All-in-one mode: the same subjects, dispatched in memory. Payloads are copied through JSON so
 * a handler sees exactly what it would see over NATS (no shared object references, dates as
 * strings). Events are de-duplicated by message id per consumer, like JetStream's window.
 */
export class InProcessTransport implements Transport {
  readonly kind = 'in-process' as const;
  private readonly handlers = new Map<string, RequestHandler[]>();
  private readonly rr = new Map<string, number>();
  private readonly consumers: { durable: string; subjects: readonly string[]; handler: EventHandler; seen: Set<string> }[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private draining = false;

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

  async publish(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void> {
    for (const consumer of this.consumers) {
      if (!consumer.subjects.some((s) => matches(s, subject))) continue;
      if (consumer.seen.has(msgId)) continue;
      const delivery = this.deliver(consumer, subject, payload, msgId, headers, 1);
      this.inFlight.add(delivery);
      void delivery.finally(() => this.inFlight.delete(delivery));
    }
  }

  private async deliver(
    consumer: (typeof this.consumers)[number], subject: string, payload: unknown, msgId: string,
    headers: MessageHeaders, attempt: number,
  ): Promise<void> {
    try {
      await consumer.handler(copy(payload), { ...headers, 'Nats-Msg-Id': msgId });
      consumer.seen.add(msgId);
      if (consumer.seen.size > 100_000) consumer.seen.delete(consumer.seen.values().next().value!);
    } catch (error) {
      if (this.draining || attempt >= 5) {
        // The outbox row stays the source of truth: the relay republishes after a restart.
        log.error({ err: error, subject, consumer: consumer.durable, attempt }, 'event delivery failed');
        return;
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
      await this.deliver(consumer, subject, payload, msgId, headers, attempt + 1);
    }
  }

  async consume(durable: string, subjects: readonly string[], handler: EventHandler): Promise<void> {
    this.consumers.push({ durable, subjects, handler, seen: new Set() });
  }

  isReady(): boolean {
    return !this.draining;
  }

  async drain(): Promise<void> {
    this.draining = true;
    await Promise.allSettled([...this.inFlight]);
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
