/** A clock that moves only when the test says so. */
export class ManualClock {
  #now: number;

  constructor(start: Date | string = '2025-01-01T00:00:00.000Z') {
    this.#now = new Date(start).getTime();
  }

  /** The current (manual) time. */
  now(): Date {
    return new Date(this.#now);
  }

  /** Moves the time forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.#now += ms;
  }

  /** Sets the time. */
  set(time: Date | string): void {
    this.#now = new Date(time).getTime();
  }
}
