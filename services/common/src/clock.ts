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
