/**
 * Request coalescing ("single flight"): while a call with a given key is in flight, identical
 * calls wait for its answer instead of starting their own. Nothing is cached: the entry is gone as
 * soon as the call settles, so an answer is never older than the call that produced it.
 *
 * A failure is not passed on to the callers that joined (issue 9, item 10): the call they joined
 * may have been started before a restart they arrived after (a NATS or service restart), so each
 * of them gets a round trip of its own, coalesced again among them. The caller that started the
 * failed call gets its failure. `failed` tells an answer that counts as a failure (the gateway:
 * a transport error, or a 50000 reply).
 */
export class Coalescer<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(private readonly failed: (answer: T) => boolean = () => false) {}

  run(key: string, call: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) {
      return pending.then(
        (answer) => (this.failed(answer) ? this.start(key, call) : answer),
        () => this.start(key, call),
      );
    }
    return this.start(key, call);
  }

  /** Starts a call under `key`, or joins one started meanwhile (by another joiner's retry). */
  private start(key: string, call: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = call().finally(() => {
      if (this.inFlight.get(key) === started) this.inFlight.delete(key);
    });
    this.inFlight.set(key, started);
    return started;
  }

  /** Calls in flight now (for tests and metrics). */
  get size(): number {
    return this.inFlight.size;
  }
}
