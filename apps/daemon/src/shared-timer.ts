import type { Clock, TimerHandle } from './clock.js';

interface Entry {
  due: number;
  seq: number;
  callback: () => void;
}

/**
 * Every timer of the daemon (each repository's debounce and retry, the poll) on one timer of
 * the underlying clock: the entries wait in a list sorted by due time, and only the earliest is
 * armed. A {@link Clock} itself, so the parts that take a clock run on it unchanged. A hundred
 * repositories cost a hundred small entries, not a hundred timers of the event loop.
 */
export class SharedTimer implements Clock {
  readonly #base: Clock;
  /** Sorted by `due`, then by the order they were set (equal times fire in that order). */
  readonly #entries: Entry[] = [];
  #armed: { due: number; handle: TimerHandle } | undefined;
  #seq = 0;

  constructor(base: Clock) {
    this.#base = base;
  }

  now(): number {
    return this.#base.now();
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const entry: Entry = { due: this.now() + Math.max(0, ms), seq: this.#seq++, callback };
    // The first entry due later than this one: insert before it (binary search).
    let low = 0;
    let high = this.#entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#entries[mid]?.due ?? Infinity) <= entry.due) low = mid + 1;
      else high = mid;
    }
    this.#entries.splice(low, 0, entry);
    this.#arm();
    // The handle is the entry: opaque to callers, as the event loop's handles are.
    return entry as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    const index = this.#entries.indexOf(handle as unknown as Entry);
    if (index === -1) return;
    this.#entries.splice(index, 1);
    this.#arm();
  }

  /** Timers waiting (for the tests and the metrics). */
  get pending(): number {
    return this.#entries.length;
  }

  /** Arms the underlying timer for the earliest entry (or none). */
  #arm(): void {
    const first = this.#entries[0];
    if (this.#armed !== undefined && this.#armed.due === first?.due) return;
    if (this.#armed !== undefined) this.#base.clearTimeout(this.#armed.handle);
    this.#armed = undefined;
    if (first === undefined) return;
    this.#armed = {
      due: first.due,
      handle: this.#base.setTimeout(
        () => {
          this.#fire();
        },
        Math.max(0, first.due - this.now()),
      ),
    };
  }

  /**
   * Runs what is due, one entry at a time, so a callback that clears another due timer stops it;
   * a timer set by a callback waits for the next round, even one of 0 ms.
   */
  #fire(): void {
    this.#armed = undefined;
    const now = this.now();
    const last = this.#seq;
    try {
      for (;;) {
        let index = 0;
        while (index < this.#entries.length) {
          const entry = this.#entries[index];
          if (entry === undefined || entry.due > now) {
            index = this.#entries.length;
            break;
          }
          if (entry.seq < last) break;
          index += 1;
        }
        const [entry] = index < this.#entries.length ? this.#entries.splice(index, 1) : [];
        if (entry === undefined) break;
        entry.callback();
      }
    } finally {
      this.#arm();
    }
  }
}
