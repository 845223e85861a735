/** Port: the current time, so every time-based rule can be tested with a controllable clock. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A clock that stands still until moved; for tests and deterministic demos. */
export class ManualClock implements Clock {
  constructor(private current = 0) {}
  now(): number {
    return this.current;
  }
  set(ms: number): void {
    this.current = ms;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
