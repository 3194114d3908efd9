import { ConversionCache } from '@docsync/core';

/**
 * Parses of markdown files kept beyond this many blobs are forgotten, least recently used first.
 * A parsed page holds its document (a few kilobytes), so the default bounds the cache to roughly
 * the pages of a few large spaces.
 */
export const DEFAULT_MAX_PARSES = 50_000;

/**
 * The service's memory of markdown conversions, shared by every import. Parsing is keyed by git
 * blob id, so a file parsed for any space is never parsed again while it is remembered, and an
 * import needs the bytes of only the files it has not seen (see `readTreeBlobs`). Ids, hierarchy
 * and links still come from the whole tree on every import. Nothing here is persisted: after a
 * restart the first import of a space parses it in full.
 */
export class Conversions {
  readonly cache = new ConversionCache();
  readonly #maxParses: number;
  /** Sizes of stored blobs: a fact of the id, since blobs are stored by id and never removed. */
  readonly #sizes = new Map<string, number>();

  constructor(maxParses = DEFAULT_MAX_PARSES) {
    this.#maxParses = maxParses;
  }

  /** Whether the markdown blob `oid` is parsed already, so its bytes need not be read. */
  hasParse(oid: string): boolean {
    return this.cache.hasParse(oid);
  }

  /** The size of the stored blob `oid`, when an import has seen it. */
  knownSize(oid: string): number | undefined {
    return this.#sizes.get(oid);
  }

  /** Remembers the size of a stored blob. */
  rememberSize(oid: string, size: number): void {
    this.#sizes.set(oid, size);
  }

  /** Bounds the memory after a conversion (never during one: see `ConversionCache.trimParses`). */
  trim(): void {
    this.cache.trimParses(this.#maxParses);
    if (this.#sizes.size > this.#maxParses * 4) this.#sizes.clear();
  }
}
