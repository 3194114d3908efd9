import type { ParsedPage } from '@docsync/core';
import PQueue from 'p-queue';
import { BadRequestError } from '../errors.js';
import type { MarkdownPool } from '../parsing/markdown-pool.js';

/** Options of {@link ParsesAhead}, with their defaults. */
export interface ParsesAheadOptions {
  /** Characters of text kept at most, the oldest uploads forgotten first. Default 32 Mi. */
  maxChars?: number;
  /** How long an upload's text and parse wait for the import, in ms. Default 10 minutes. */
  maxAgeMs?: number;
}

/**
 * What parsing a page ahead came to: its parse, or the pool's refusal past a budget as the words
 * that follow the field its message names (undefined: neither, as when another page of its batch
 * was refused: the import parses it).
 */
export type ParsedAhead = ParsedPage | { refused: string } | undefined;

/** An uploaded blob read as markdown, and what parsing it came to. */
interface Ahead {
  text: string;
  parsed: Promise<ParsedAhead>;
  /** When it was uploaded, in ms of `performance.now()`. */
  at: number;
}

/** Pages per parse: one batch of the pool, so a page past a budget loses only its batch. */
const CHUNK = 64;
/** Parses in flight per worker thread (as `MarkdownPool.parseMany` keeps). */
const BATCHES_PER_THREAD = 2;
/** Bytes looked at for a NUL, which marks a file as binary (as git does). */
const SNIFF = 8000;
/** Decodes as `readTreeBlobs` does (keeps a byte order mark), so the import reads the same text. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Markdown of blobs just uploaded, parsed while the rest of the upload arrives. A push uploads
 * its missing blobs and then imports the tree that names them: the import then finds its new
 * pages' text here instead of reading the blob store, and their parses made (or being made)
 * instead of parsing them all at once after the upload. Parses go through the same pool and
 * budgets as the import's, at most two batches per worker at once, so an import's own parses
 * never queue long behind them.
 *
 * Uploads do not say which blobs are pages: every blob that reads as text (no NUL in its first
 * bytes) and is within the pool's length budget is parsed. A page a budget refused is refused
 * by the import with the pool's 400, naming its path, without being parsed again; the other
 * pages of its batch the import parses itself. Bounded by characters and by age: an upload no
 * import follows is forgotten.
 */
export class ParsesAhead {
  readonly #entries = new Map<string, Ahead>();
  readonly #queue: PQueue;
  readonly #maxChars: number;
  readonly #maxAgeMs: number;
  readonly #skip: (oid: string) => boolean;
  #chars = 0;

  /** `skip`: blobs whose parse is known already (the conversion cache's). */
  constructor(skip: (oid: string) => boolean, options: ParsesAheadOptions = {}) {
    this.#skip = skip;
    this.#maxChars = options.maxChars ?? 32 * 1024 * 1024;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.#queue = new PQueue({ concurrency: BATCHES_PER_THREAD });
  }

  /**
   * Starts parsing those of `blobs` that read as markdown, in `pool`. Returns at once: the
   * parses run in the background and never fail (a refused one is forgotten).
   */
  start(pool: MarkdownPool, blobs: readonly { oid: string; bytes: Uint8Array }[]): void {
    this.#forgetOld();
    this.#queue.concurrency = pool.budgets.threads * BATCHES_PER_THREAD;
    const pages: { oid: string; text: string }[] = [];
    for (const { oid, bytes } of blobs) {
      if (this.#entries.has(oid) || this.#skip(oid) || bytes.byteLength === 0) continue;
      if (bytes.subarray(0, SNIFF).includes(0)) continue;
      const text = decoder.decode(bytes);
      if (text.length > pool.budgets.maxLength || text.length > this.#maxChars) continue;
      pages.push({ oid, text });
    }
    for (let start = 0; start < pages.length; start += CHUNK) {
      const chunk = pages.slice(start, start + CHUNK);
      // Each page is named by its blob id, so a refusal says which page it is about.
      const parsed = this.#queue
        .add(() => pool.parseMany(chunk.map((page) => ({ markdown: page.text, field: page.oid }))))
        .then(
          (list): ParsedAhead[] => list,
          (error: unknown): ParsedAhead[] =>
            chunk.map((page) =>
              error instanceof BadRequestError && error.message.startsWith(`${page.oid} `)
                ? { refused: error.message.slice(page.oid.length) }
                : undefined,
            ),
        );
      const at = performance.now();
      chunk.forEach((page, index) => {
        this.#keep(page.oid, {
          text: page.text,
          parsed: parsed.then((list) => list[index]),
          at,
        });
      });
    }
  }

  /** The text of uploaded blob `oid`, when it read as markdown and is still kept. */
  text(oid: string): string | undefined {
    return this.#entries.get(oid)?.text;
  }

  /**
   * What parsing uploaded blob `oid` came to (see {@link ParsedAhead}), forgetting the blob;
   * undefined when it is not kept.
   */
  take(oid: string): Promise<ParsedAhead> | undefined {
    const entry = this.#entries.get(oid);
    if (entry === undefined) return undefined;
    this.#forget(oid, entry);
    return entry.parsed;
  }

  /** Characters of text kept (for tests and metrics). */
  get chars(): number {
    return this.#chars;
  }

  #keep(oid: string, entry: Ahead): void {
    this.#entries.set(oid, entry);
    this.#chars += entry.text.length;
    for (const [old, kept] of this.#entries) {
      if (this.#chars <= this.#maxChars) break;
      this.#forget(old, kept);
    }
  }

  #forget(oid: string, entry: Ahead): void {
    this.#entries.delete(oid);
    this.#chars -= entry.text.length;
  }

  /** Forgets uploads older than the age bound (kept in upload order: the oldest come first). */
  #forgetOld(): void {
    const limit = performance.now() - this.#maxAgeMs;
    for (const [oid, entry] of this.#entries) {
      if (entry.at >= limit) break;
      this.#forget(oid, entry);
    }
  }
}
