/** Time as a dependency, so that expiry rules can be tested with an injected clock. */
export interface Clock {
  now(): Date;
}
export const CLOCK = Symbol('Clock');
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The wall-clock moment a row or an event is written (`updated_at`, `registered_at`, an event's
 * `changed_at` that orders deliveries, an operation-log entry's time): a fact about the write that
 * no business rule compares with a business date. Rules that ask "what is today" (terms, trials,
 * contracts in use, dashboards) take the injected CLOCK instead; lint forbids `new Date()` there.
 */
export const writtenAt = (): Date => new Date();
