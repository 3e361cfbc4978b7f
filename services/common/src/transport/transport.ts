import type { TServiceReply } from '@portal/proto';

export type MessageHeaders = Record<string, string>;

/** A command or query handler: returns the reply payload, or throws (mapped by toFailure). */
export type RequestHandler = (payload: unknown, headers: MessageHeaders) => Promise<unknown>;
/** A durable event handler: resolves to acknowledge; a throw means "redeliver later". */
export type EventHandler = (payload: unknown, headers: MessageHeaders & { 'Nats-Msg-Id': string }) => Promise<void>;

export interface RequestOptions {
  headers: MessageHeaders;
  timeoutMs: number;
}

/**
 * The one messaging interface every process uses (DESIGN §2). Two implementations: NATS for the
 * distributed mode, in-process for all-in-one; handlers cannot tell them apart.
 */
export interface Transport {
  readonly kind: 'nats' | 'in-process';
  /** Core request-reply. Never throws for a handler failure: that is an `ok: false` reply. */
  request<T>(subject: string, payload: unknown, options: RequestOptions): Promise<TServiceReply<T>>;
  /**
   * The same round trip, with the reply as the bytes the service sent (its `TServiceReply` as
   * UTF-8 JSON), for a caller that passes them on without parsing them (the gateway's /v1 answers).
   * Optional: a transport without it is asked with `request`.
   */
  requestRaw?(subject: string, payload: unknown, options: RequestOptions): Promise<Uint8Array>;
  /** Serves a subject; instances of one service share the load (queue group `queue`). */
  serve(subject: string, queue: string, handler: RequestHandler): Promise<void>;
  /** Publishes a durable event; `msgId` makes a republish of the same event a no-op. */
  publish(subject: string, payload: unknown, msgId: string, headers: MessageHeaders): Promise<void>;
  /** A durable, named consumer of event subjects (at-least-once; pair with an idempotent handler). */
  consume(durable: string, subjects: readonly string[], handler: EventHandler): Promise<void>;
  /** True while the transport can carry messages (readiness). */
  isReady(): boolean;
  /** Events this process's consumers gave up on and sent to the dead-letter subject (health endpoint). */
  deadLetterCount(): number;
  /**
   * Resolves once every event published so far has been handled (acknowledged) by every consumer
   * of it; rejects, naming what is still pending, after `timeoutMs` (default 30 s). Read-only and
   * cheap; for tests and drains. Never await it inside a handler: it would wait for itself.
   */
  idle(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops taking new work, lets in-flight handlers finish, then closes. */
  drain(): Promise<void>;
}

export class TransportTimeoutError extends Error {
  constructor(subject: string) {
    super(`No reply on ${subject} in time`);
    this.name = 'TransportTimeoutError';
  }
}
export class NoResponderError extends Error {
  constructor(subject: string) {
    super(`No service answers ${subject}`);
    this.name = 'NoResponderError';
  }
}
/**
 * The service working on a call went silent (no answer and no progress for the silence limit): it
 * died or hangs mid-call (issue 21, item 10). A kind of NoResponderError: nobody will answer. The
 * call may have taken effect; it is not sent again.
 */
export class ResponderLostError extends NoResponderError {
  constructor(subject: string, silentMs: number) {
    super(subject);
    this.message = `The service answering ${subject} stopped responding (silent for ${silentMs} ms)`;
    this.name = 'ResponderLostError';
  }
}
