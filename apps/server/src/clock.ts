/** The time source; injected so tests can move time (the 7-day restore window). */
export interface Clock {
  now(): Date;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => new Date() };
