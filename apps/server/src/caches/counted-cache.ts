import { LRUCache } from 'lru-cache';

/** What `/metrics` shows of one cache. */
export interface CacheStats {
  readonly name: string;
  /** Lookups that found a value. */
  readonly hits: number;
  /** Lookups that found none. */
  readonly misses: number;
  readonly entries: number;
  /** The approximate bytes held (see {@link CountedCache.set}). */
  readonly bytes: number;
  /** The bound on {@link bytes}; 0 when the cache is bounded by entries only. */
  readonly maxBytes: number;
}

/** Anything that reports {@link CacheStats} (for `/metrics`). */
export interface ReportsCacheStats {
  stats(): CacheStats;
}

/** The bounds of a {@link CountedCache}. */
export interface CacheBounds {
  /** The most entries kept. */
  readonly maxEntries: number;
  /** The most approximate bytes kept; an entry larger than this is not kept at all. */
  readonly maxBytes: number;
}

/**
 * A least-recently-used cache (`lru-cache`) bounded by entries and by approximate bytes, which
 * counts its hits and misses. Values are immutable or owned by the cache's user; sizes are the
 * caller's estimate of what an entry holds (string lengths, rows), told at {@link set}.
 */
export class CountedCache<K extends string, V extends object> implements ReportsCacheStats {
  readonly name: string;
  readonly #lru: LRUCache<K, V>;
  readonly #maxBytes: number;
  #hits = 0;
  #misses = 0;

  constructor(name: string, bounds: CacheBounds) {
    this.name = name;
    this.#maxBytes = bounds.maxBytes;
    this.#lru = new LRUCache<K, V>({ max: bounds.maxEntries, maxSize: bounds.maxBytes });
  }

  /** The value kept for `key` (now the most recently used), counted as a hit or a miss. */
  get(key: K): V | undefined {
    const value = this.#lru.get(key);
    if (value === undefined) this.#misses++;
    else this.#hits++;
    return value;
  }

  /** The value kept for `key`, without counting or touching its recency. */
  peek(key: K): V | undefined {
    return this.#lru.peek(key);
  }

  /**
   * Keeps `value` for `key` as the most recently used, holding about `bytes` bytes (at least 1);
   * setting it again with another size updates the size. Least recently used entries go until
   * both bounds hold.
   */
  set(key: K, value: V, bytes: number): void {
    // lru-cache keeps the size of a value set again as it was: so it is set anew.
    if (this.#lru.peek(key) === value) this.#lru.delete(key);
    this.#lru.set(key, value, { size: Math.max(1, Math.ceil(bytes)) });
  }

  delete(key: K): void {
    this.#lru.delete(key);
  }

  clear(): void {
    this.#lru.clear();
  }

  stats(): CacheStats {
    return {
      name: this.name,
      hits: this.#hits,
      misses: this.#misses,
      entries: this.#lru.size,
      bytes: this.#lru.calculatedSize,
      maxBytes: this.#maxBytes,
    };
  }
}
