/** Every table: what a write the tracker cannot attribute to named tables may have changed. */
export type TableSet = readonly string[] | 'all';

/** Options of {@link TableChanges}. */
export interface TableChangesOptions {
  /**
   * Called before checks, at most once per turn of the event loop; a value different from the
   * previous call's means someone else (another process on the same SQLite file) committed a
   * write, so every table counts as changed.
   */
  poll?: () => unknown;
  /** Start suspended, as while cross-instance invalidation is not yet listening. Default false. */
  suspended?: boolean;
}

/**
 * Stamps of committed writes per table, on a counter private to this process. A reader takes a
 * stamp before it reads; what it read is still current while no table it read has a later stamp.
 * Writers (the change-tracking dialect, PostgreSQL notifications) report every committed write.
 * While suspended (cross-instance notifications are not being received) nothing counts as current.
 */
export class TableChanges {
  #clock = 0;
  #everyTableChangedAt = 0;
  readonly #changedAt = new Map<string, number>();
  #suspended: boolean;
  readonly #poll: (() => unknown) | undefined;
  #polled: unknown;
  #polledThisTurn = false;
  readonly #endTurn = () => {
    this.#polledThisTurn = false;
  };
  readonly #watchers = new Set<(tables: TableSet) => void>();

  constructor(options: TableChangesOptions = {}) {
    this.#suspended = options.suspended ?? false;
    this.#poll = options.poll;
    this.#polled = this.#poll?.();
  }

  /** Records a committed write to `tables`. */
  changed(tables: TableSet): void {
    const stamp = ++this.#clock;
    if (tables === 'all') this.#everyTableChangedAt = stamp;
    else for (const table of tables) this.#changedAt.set(table, stamp);
    for (const watcher of this.#watchers) watcher(tables);
  }

  /** A stamp to take before reading; undefined while nothing read can be trusted to stay so. */
  stamp(): number | undefined {
    this.#pollOthers();
    return this.#suspended ? undefined : this.#clock;
  }

  /** Whether no table of `tables` changed after `stamp` (and reads are trusted at all). */
  unchangedSince(stamp: number, tables: TableSet): boolean {
    this.#pollOthers();
    if (this.#suspended) return false;
    if (tables === 'all') return this.#clock === stamp;
    if (this.#everyTableChangedAt > stamp) return false;
    for (const table of tables) {
      if ((this.#changedAt.get(table) ?? 0) > stamp) return false;
    }
    return true;
  }

  /** Stops trusting reads until {@link resume}: writes elsewhere may go unreported meanwhile. */
  suspend(): void {
    this.#suspended = true;
    this.changed('all');
  }

  /** Trusts reads again, from now on: anything read before counts as changed. */
  resume(): void {
    this.#suspended = false;
    this.changed('all');
  }

  /** Whether reads are trusted now. */
  get suspended(): boolean {
    return this.#suspended;
  }

  /** Calls `watcher` after every recorded change; returns the function that stops it. */
  watch(watcher: (tables: TableSet) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  #pollOthers(): void {
    // One poll answers for the rest of this turn of the event loop: the requests read in one
    // turn share it, so under load a poll costs a fraction of a request. (Polling per request
    // would close a window of one turn, under a millisecond, at the cost of a read lock per
    // request; it concerns only writes from other processes, as this process's own are told.)
    if (this.#poll === undefined || this.#polledThisTurn) return;
    this.#polledThisTurn = true;
    setImmediate(this.#endTurn);
    const polled = this.#poll();
    if (polled !== this.#polled) {
      this.#polled = polled;
      this.changed('all');
    }
  }
}
