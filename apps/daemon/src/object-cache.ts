import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.js';

/** One repository's entry: the git object cache its last cycle read through. */
interface Kept {
  cache: object;
}

/** Options of {@link ObjectCache}. */
export interface ObjectCacheOptions {
  /** The budget across every repository, in bytes (estimated by {@link estimateBytes}). */
  maxBytes: number;
  /**
   * How long an entry lives after the cycle that made it (ms), however often the repository
   * syncs meanwhile: an idle repository's entry goes, and a busy one's does not grow for ever
   * (the object cache also keeps every tree read through it).
   */
  ttlMs: number;
  clock: Pick<Clock, 'now'>;
}

/**
 * The daemon's one cache, shared by every repository: the git object cache (the packs and pack
 * indexes isomorphic-git opened, `RepoOptions.cache`) a repository's last cycle read through,
 * kept so that its next cycle does not open and parse the same packs again. Bounded by bytes
 * (lru-cache, least recently used first out; a repository whose packs alone exceed the budget is
 * never kept) and by age (an entry older than `ttlMs` is not used again and is dropped at the
 * next {@link purgeIdle}, which the daemon runs on every poll), so an idle repository holds
 * nothing parsed. Nothing else a cycle parses
 * (the trees, the SUMMARY, the page layouts) outlives the cycle.
 */
export class ObjectCache {
  readonly #lru: LRUCache<string, Kept>;

  constructor(options: ObjectCacheOptions) {
    this.#lru = new LRUCache<string, Kept>({
      maxSize: options.maxBytes,
      ttl: options.ttlMs,
      // The age counts from the entry's making, not from its last refresh.
      noUpdateTTL: true,
      perf: { now: () => options.clock.now() },
      // Read the clock every time: lru-cache otherwise keeps a reading for 1 ms by a timer.
      ttlResolution: 0,
    });
  }

  /** The object cache for a cycle of `repository`: the one kept from its last cycle, or a new one. */
  take(repository: string): object {
    return this.#lru.get(repository)?.cache ?? {};
  }

  /**
   * Keeps what a cycle of the repository at `path` read through `cache` until it is idle or
   * pushed out, sized by the repository's pack files.
   */
  async keep(repository: string, path: string, cache: object): Promise<void> {
    this.purgeIdle();
    const size = await estimateBytes(path);
    // Refreshing an entry keeps its age (`noUpdateTTL`); a new cache object makes a new entry.
    if (this.#lru.get(repository)?.cache !== cache) this.#lru.delete(repository);
    this.#lru.set(repository, { cache }, { size });
  }

  /** Drops a repository's entry (a cycle failed part-way, or the repository is gone). */
  drop(repository: string): void {
    this.#lru.delete(repository);
  }

  /** Drops the entries older than `ttlMs`. */
  purgeIdle(): void {
    this.#lru.purgeStale();
  }

  /** The estimated bytes of a repository's entry; 0 without one. */
  bytesOf(repository: string): number {
    return this.#lru.info(repository)?.size ?? 0;
  }

  /** The repositories with an entry. */
  get entries(): number {
    return this.#lru.size;
  }

  /** The estimated bytes the entries hold. */
  get bytes(): number {
    return this.#lru.calculatedSize;
  }
}

/** What one repository's object cache holds beside its packs: parsed trees, object headers. */
const PARSED_ALLOWANCE = 256 * 1024;
/**
 * Memory per byte of pack files a kept object cache holds: isomorphic-git reads a pack whole and
 * parses its index into maps, and the git package keeps its own index and inflated delta bases.
 * Measured: 52 kept caches of 372 kB packs (clones of `pentest-book`) held 89 MB more external
 * memory than none, 4.6 bytes per pack byte.
 */
const PACK_FACTOR = 5;

/**
 * An estimate of what a repository's object cache holds: {@link PACK_FACTOR} times its pack files
 * and pack indexes (`.git/objects/pack`), and an allowance for the trees and headers it parsed.
 */
export async function estimateBytes(path: string): Promise<number> {
  const dir = join(path, '.git', 'objects', 'pack');
  const names = await readdir(dir).catch(() => [] as string[]);
  const sizes = await Promise.all(
    names
      .filter((name) => name.endsWith('.pack') || name.endsWith('.idx'))
      .map((name) =>
        stat(join(dir, name)).then(
          (info) => info.size,
          () => 0,
        ),
      ),
  );
  return PACK_FACTOR * sizes.reduce((sum, size) => sum + size, 0) + PARSED_ALLOWANCE;
}
