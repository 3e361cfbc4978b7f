/**
 * Request coalescing ("single flight"): while a call with a given key is in flight, identical
 * calls wait for its answer instead of starting their own. Nothing is cached: the entry is gone as
 * soon as the call settles, so an answer is never older than the call that produced it.
 */
export class Coalescer<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  run(key: string, call: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = call().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  /** Calls in flight now (for tests and metrics). */
  get size(): number {
    return this.inFlight.size;
  }
}
