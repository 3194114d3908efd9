/** A timer handle of the {@link Clock}. */
export type TimerHandle = ReturnType<typeof setTimeout>;

/** The time and the timers the daemon runs on (the process's in production). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}
