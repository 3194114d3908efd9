import { ConversionCache, parsePage, type ParsedPage } from '@docsync/core';
import type { CacheStats, ReportsCacheStats } from '../caches/counted-cache.js';
import { ParsesAhead } from './parses-ahead.js';

/**
 * Parses of markdown files kept beyond this many blobs are forgotten, least recently used first.
 * A parsed page holds its document (a few kilobytes), so the default bounds the cache to roughly
 * the pages of a few large spaces.
 */
export const DEFAULT_MAX_PARSES = 50_000;

/**
 * Core's conversion cache, with parses that may come from elsewhere: the server parses new
 * markdown in worker threads (`parsing/markdown-pool.ts`) and offers the results with
 * {@link offer} right before a conversion, which then finds them as parses it made. Only those
 * the conversion asks for are kept (a markdown file it reads otherwise, such as a table of
 * contents `.gitbook.yaml` names, is not remembered as a page); {@link withdraw} drops the rest
 * after it. The parses are kept here (least recently used first out), so `hasParse` and
 * `trimParses` see them.
 */
export class SeededConversionCache extends ConversionCache {
  readonly #parses = new Map<string, ParsedPage>();
  readonly #offered = new Map<string, ParsedPage>();
  #hits = 0;
  #misses = 0;

  /** Parses made elsewhere, by blob id, for the next conversion. */
  offer(parses: ReadonlyMap<string, ParsedPage>): void {
    for (const [oid, parsed] of parses) this.#offered.set(oid, parsed);
  }

  /** Forgets what was offered and not asked for. */
  withdraw(): void {
    this.#offered.clear();
  }

  override parsePage(oid: string, markdown: string): ParsedPage {
    const kept = this.#parses.get(oid);
    if (kept === undefined) this.#misses++;
    else this.#hits++;
    const known = kept ?? this.#offered.get(oid);
    // Not parsed in a worker (no caller should get here with new markdown): parsed here.
    const parsed = known ?? parsePage(markdown);
    this.#parses.delete(oid);
    this.#parses.set(oid, parsed);
    return parsed;
  }

  override hasParse(oid: string): boolean {
    return this.#parses.has(oid);
  }

  /** How many parses are kept, and how many asked for were kept from an earlier conversion. */
  parseCounts(): { entries: number; hits: number; misses: number } {
    return { entries: this.#parses.size, hits: this.#hits, misses: this.#misses };
  }

  override trimParses(max: number): void {
    super.trimParses(max);
    let excess = this.#parses.size - max;
    for (const oid of this.#parses.keys()) {
      if (excess-- <= 0) break;
      this.#parses.delete(oid);
    }
  }
}

/**
 * The service's memory of markdown conversions, shared by every import. Parsing is keyed by git
 * blob id, so a file parsed for any space is never parsed again while it is remembered, and an
 * import needs the bytes of only the files it has not seen (see `readTreeBlobs`). Ids, hierarchy
 * and links still come from the whole tree on every import. Nothing here is persisted: after a
 * restart the first import of a space parses it in full.
 */
export class Conversions implements ReportsCacheStats {
  readonly cache = new SeededConversionCache();
  /** Markdown of blobs just uploaded, parsed ahead of the import that names them. */
  readonly ahead = new ParsesAhead((oid) => this.hasParse(oid));
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

  /** The parses kept, for `/metrics`: bounded by count (see `trim`), so no bytes are told. */
  stats(): CacheStats {
    return { name: 'parses', ...this.cache.parseCounts(), bytes: 0, maxBytes: 0 };
  }

  /** Bounds the memory after a conversion (never during one: see `ConversionCache.trimParses`). */
  trim(): void {
    this.cache.trimParses(this.#maxParses);
    if (this.#sizes.size > this.#maxParses * 4) this.#sizes.clear();
  }
}
