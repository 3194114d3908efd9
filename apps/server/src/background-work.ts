import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How long after the last request came in the service counts as idle. */
export const IDLE_MS = 25;

/**
 * Work a request starts and does not wait for (the listing of a revision an import just wrote).
 * It runs when the service is idle, {@link IDLE_MS} after the last request came in, and, through
 * {@link idle} between its steps, gives way again whenever requests come, so that what callers
 * wait for is never queued behind it. A failure is reported to `onError`, never to a request;
 * {@link close} stops new work and waits for what runs, so the database outlives it.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();
  /** By key: the work waiting its turn, which a later start replaces. */
  readonly #queued = new Map<string, { what: string; work: () => Promise<unknown> }>();
  /** By key: the last work started, which the next one runs after. */
  readonly #last = new Map<string, Promise<void>>();
  readonly #onError: (error: unknown, what: string) => void;
  #lastRequest = Number.NEGATIVE_INFINITY;
  #closed = false;

  constructor(onError: (error: unknown, what: string) => void) {
    this.#onError = onError;
  }

  /** Told of every request as it comes in. */
  noteRequest(): void {
    this.#lastRequest = performance.now();
  }

  /**
   * Resolves on a later turn of the event loop (letting waiting I/O in), once no request came in
   * for {@link IDLE_MS}, or at once when closing.
   */
  async idle(): Promise<void> {
    await nextTurn();
    for (;;) {
      const quiet = performance.now() - this.#lastRequest;
      if (this.#closed || quiet >= IDLE_MS) return;
      await sleep(IDLE_MS - quiet);
    }
  }

  /**
   * Runs `work` once the service is idle, unless closed by then; `what` names it in a failure.
   * Work under the same `key` runs one at a time, and of the works waiting their turn only the
   * last started runs: a newer revision's listing makes an older one's pointless.
   */
  start(key: string, what: string, work: () => Promise<unknown>): void {
    if (this.#closed) return;
    const queued = this.#queued.get(key);
    if (queued !== undefined) {
      queued.what = what;
      queued.work = work;
      return;
    }
    const entry = { what, work };
    this.#queued.set(key, entry);
    const before = this.#last.get(key) ?? Promise.resolve();
    const run: Promise<void> = before
      .then(() => this.idle())
      .then(() => {
        this.#queued.delete(key);
        return this.#closed ? undefined : entry.work();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          this.#onError(error, entry.what);
        },
      )
      .finally(() => {
        this.#running.delete(run);
        if (this.#last.get(key) === run) this.#last.delete(key);
      });
    this.#running.add(run);
    this.#last.set(key, run);
  }

  /** How many started works have not settled. */
  get running(): number {
    return this.#running.size;
  }

  /** Starts nothing more, ends the waits for idleness, and resolves once the work has settled. */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
