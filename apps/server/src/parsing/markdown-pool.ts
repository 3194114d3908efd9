import { availableParallelism } from 'node:os';
import type { ParsedPage } from '@docsync/core';
import { Piscina } from 'piscina';
import { requireMarkdownNesting } from '../content/nesting-limits.js';
import { BadRequestError } from '../errors.js';

/** Budgets of one markdown parse (see {@link MarkdownPool}). */
export interface ParseBudgets {
  /** Longest text parsed, in characters (UTF-16 code units). Default 1 MiB. */
  maxLength?: number;
  /** Time from asking to the parse, queueing included, in milliseconds. Default 10 s. */
  timeMs?: number;
  /** Heap of one worker, in MiB. Default 512. */
  heapMb?: number;
  /** Worker threads. Default: as many as cores, at least 2 (one slow page leaves one), at most 4. */
  threads?: number;
}

/** The budgets a server has unless told otherwise. */
export const DEFAULT_PARSE_BUDGETS: Required<ParseBudgets> = {
  maxLength: 1024 * 1024,
  timeMs: 10_000,
  heapMb: 512,
  threads: Math.max(2, Math.min(4, availableParallelism())),
};

/** The worker's file: `.ts` where the server runs from source (tests), `.js` from `dist`. */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js',
  import.meta.url,
);

/**
 * Parses request content (markdown pages, comments) in worker threads, so a page that takes the
 * parser seconds or gigabytes stalls no other request. Each parse is held to budgets: a text
 * longer than `maxLength` or nesting past `NESTING_LIMITS` is refused before it is parsed, and a
 * parse that outlasts `timeMs` or its worker's heap ends that worker (the pool starts another);
 * each is a 400 naming the field. What comes back is core's `ParsedPage`, copied out of the worker.
 */
export class MarkdownPool {
  readonly budgets: Required<ParseBudgets>;
  readonly #pool: Piscina<{ markdown: string }, ParsedPage>;

  constructor(budgets: ParseBudgets = {}) {
    this.budgets = { ...DEFAULT_PARSE_BUDGETS, ...budgets };
    this.#pool = new Piscina({
      filename: workerFile.href,
      name: 'parse',
      minThreads: 0,
      maxThreads: this.budgets.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: this.budgets.heapMb },
    });
  }

  /** Parses `markdown` (400 past a budget); `field` names it in messages. */
  async parse(markdown: string, field: string): Promise<ParsedPage> {
    const { maxLength, timeMs, heapMb } = this.budgets;
    if (markdown.length > maxLength)
      throw new BadRequestError(
        `${field} is ${String(markdown.length)} characters long; markdown is converted up to ${String(maxLength)}`,
      );
    requireMarkdownNesting(markdown, field);
    try {
      return await this.#pool.run({ markdown }, { signal: AbortSignal.timeout(timeMs) });
    } catch (error) {
      if (isNamed(error, 'AbortError') || isNamed(error, 'TimeoutError'))
        throw new BadRequestError(
          `${field} took longer than ${String(timeMs)} ms to convert; simplify or split it`,
          { cause: error },
        );
      if (isCode(error, 'ERR_WORKER_OUT_OF_MEMORY'))
        throw new BadRequestError(
          `${field} needs more than ${String(heapMb)} MiB to convert; simplify or split it`,
          { cause: error },
        );
      if (error instanceof RangeError)
        throw new BadRequestError(`${field} nests too deeply to convert`, { cause: error });
      throw error;
    }
  }

  /** Ends the workers (a server's `onClose`). */
  async close(): Promise<void> {
    await this.#pool.close({ force: true });
  }
}

function isNamed(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
