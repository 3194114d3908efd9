import type { Clock, TimerHandle } from './clock.js';

/**
 * Coalesces a burst of events into one call of `fire`: `quietMs` after the last event, but
 * never later than `maxPeriods` quiet periods after the first, so a stream of edits that never
 * pauses still syncs. Runs on the given clock.
 */
export class Debounce {
  private timer: TimerHandle | undefined;
  private firstAt: number | undefined;
  private readonly clock: Clock;
  private readonly quietMs: number;
  private readonly maxPeriods: number;
  private readonly fire: () => void;

  constructor(clock: Clock, quietMs: number, maxPeriods: number, fire: () => void) {
    this.clock = clock;
    this.quietMs = quietMs;
    this.maxPeriods = maxPeriods;
    this.fire = fire;
  }

  /** An event: (re)starts the wait. */
  poke(): void {
    const now = this.clock.now();
    this.firstAt ??= now;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    const latest = this.firstAt + this.quietMs * this.maxPeriods;
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        this.firstAt = undefined;
        this.fire();
      },
      Math.max(0, Math.min(this.quietMs, latest - now)),
    );
  }

  /** Whether a call is waiting to fire. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Drops a waiting call. */
  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.firstAt = undefined;
  }
}
