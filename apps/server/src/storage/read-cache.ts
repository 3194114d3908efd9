import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { CacheStats, ReportsCacheStats } from '../caches/counted-cache.js';
import { readTables } from './query-tables.js';
import type { Db } from './schema.js';
import type { TableChanges, TableSet } from './table-changes.js';

/** Default bound on the number of values a {@link ReadCache} keeps. */
export const DEFAULT_CACHE_ENTRIES = 10_000;

/** Default bound on the approximate bytes of the values a {@link ReadCache} keeps. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

interface Entry {
  readonly value: unknown;
  readonly stamp: number;
  readonly tables: TableSet;
}

interface Loading {
  readonly stamp: number;
  readonly promise: Promise<unknown>;
}

/** Collects the tables of every query run through it. */
class TableRecorder implements KyselyPlugin {
  tables = new Set<string>();
  everyTable = false;

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    const read = readTables(node);
    if (read === 'all') this.everyTable = true;
    else for (const table of read) this.tables.add(table);
    return node;
  }

  transformResult<T>({ result }: { result: T }): Promise<T> {
    return Promise.resolve(result);
  }

  get read(): TableSet {
    return this.everyTable ? 'all' : [...this.tables];
  }
}

/**
 * Makes a value read-only all the way down, so a cached value cannot be changed by a reader, and
 * tells about what it holds: the length of its strings and an allowance for every other member
 * (parts frozen before, shared with another value, are not counted).
 */
function deepFreeze(value: unknown): number {
  if (typeof value === 'string') return value.length + 16;
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return 16;
  Object.freeze(value);
  let bytes = 32;
  for (const member of Object.values(value)) bytes += deepFreeze(member);
  return bytes;
}

/**
 * Values read from the database, kept in memory until a table they were read from changes. The
 * loader runs against a database handle that records every table its queries name, so what a
 * value depends on is never declared by hand and cannot fall out of date when the loader changes.
 * Without a {@link TableChanges} (or while it is suspended) nothing is kept: every read loads.
 *
 * Values are deep-frozen; `undefined` and throws are not kept. Keys are the caller's: prefix them
 * with what they name (`caller:`, `space:`) so two kinds of value never share one. The least
 * recently used values go beyond the bounds (entries, and approximate bytes).
 */
export class ReadCache implements ReportsCacheStats {
  readonly #db: Db;
  readonly #changes: TableChanges | undefined;
  readonly #maxBytes: number;
  readonly #entries: LRUCache<string, Entry>;
  readonly #loading = new Map<string, Loading>();
  #hits = 0;
  #misses = 0;

  constructor(
    db: Db,
    changes: TableChanges | undefined,
    options: { maxEntries?: number; maxBytes?: number } = {},
  ) {
    this.#db = db;
    this.#changes = changes;
    this.#maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.#entries = new LRUCache({
      max: options.maxEntries ?? DEFAULT_CACHE_ENTRIES,
      maxSize: this.#maxBytes,
    });
  }

  /** The entry kept for `key` while it is current. */
  #current(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry !== undefined && this.#changes?.unchangedSince(entry.stamp, entry.tables) === true) {
      this.#hits++;
      return entry;
    }
    this.#misses++;
    if (entry !== undefined) this.#entries.delete(key);
    return undefined;
  }

  stats(): CacheStats {
    return {
      name: 'reads',
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#entries.size,
      bytes: this.#entries.calculatedSize,
      maxBytes: this.#maxBytes,
    };
  }

  /**
   * The value for `key`: kept, or loaded by `load` (with the database it must read through).
   * Concurrent reads of one key share a load when nothing was written since it started.
   */
  async read<V>(key: string, load: (db: Db) => Promise<V>): Promise<V> {
    const kept = this.#current(key);
    if (kept !== undefined) return kept.value as V;
    const changes = this.#changes;
    const stamp = changes?.stamp();
    if (changes === undefined || stamp === undefined) return load(this.#db);
    const loading = this.#loading.get(key);
    if (loading !== undefined && changes.unchangedSince(loading.stamp, 'all'))
      return loading.promise as Promise<V>;
    const promise = this.#load(key, stamp, load);
    this.#loading.set(key, { stamp, promise });
    try {
      return await promise;
    } finally {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    }
  }

  async #load<V>(key: string, stamp: number, load: (db: Db) => Promise<V>): Promise<V> {
    const recorder = new TableRecorder();
    const value = await load(this.#db.withPlugin(recorder));
    if (value === undefined) return value;
    const size = deepFreeze(value);
    // Stamped with the time before the load: a write that landed meanwhile makes it stale.
    this.#entries.set(key, { value, stamp, tables: recorder.read }, { size });
    return value;
  }
}
