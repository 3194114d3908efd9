import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { ParsedPage } from '@docsync/core';
import pMap from 'p-map';
import { Piscina } from 'piscina';
import { requireMarkdownNesting } from '../content/nesting-limits.js';
import { BadRequestError } from '../errors.js';
import type { ParseBatchTask } from './parse-worker.js';

/** Budgets of one markdown parse (see {@link MarkdownPool}). */
export interface ParseBudgets {
  /** Longest text parsed, in characters (UTF-16 code units). Default 1 MiB. */
  maxLength?: number;
  /**
   * Processor time one page's parse may take, in milliseconds, from when a worker starts it:
   * waiting for a worker (behind an import's other pages) does not count, nor does time the
   * worker waits for a core on a loaded machine. Where the worker's processor time cannot be
   * read (no `/proc`, or a Node without `process.threadCpuUsage`, such as 22.16), wall time from
   * the page's start counts instead. Default 10 s.
   */
  timeMs?: number;
  /**
   * Wall time one page's parse may take, as a multiple of `timeMs`, however little processor
   * time it had: on a machine too loaded to give the parse a core, the page is refused then
   * rather than left waiting (a page the parser spends its budget on, on a busy machine, is
   * refused only then too). Default 6.
   */
  wallFactor?: number;
  /** Heap of one worker, in MiB. Default 512. */
  heapMb?: number;
  /** Worker threads. Default: as many as cores, at least 2 (one slow page leaves one), at most 4. */
  threads?: number;
}

/** The budgets a server has unless told otherwise. */
export const DEFAULT_PARSE_BUDGETS: Required<ParseBudgets> = {
  maxLength: 1024 * 1024,
  timeMs: 10_000,
  wallFactor: 6,
  heapMb: 512,
  threads: Math.max(2, Math.min(4, availableParallelism())),
};

/** What a batch's progress says before its worker starts it (see `ParseBatchTask`). */
const NOT_STARTED = -1;
/** Slots of a batch's progress (see `ParseBatchTask`). */
const PROGRESS_SLOTS = 4;
/** Clock ticks per second of `/proc/<pid>/task/<tid>/stat` (Linux's USER_HZ, 100 everywhere). */
const USER_HZ = 100;

/**
 * Processor time (user and system) a thread of this process has had, in ms, from its
 * `/proc/self/task/<tid>/stat`; undefined when it cannot be read (not Linux, the thread ended).
 */
function threadCpuMs(threadId: number): number | undefined {
  if (threadId <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${String(threadId)}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}

/** Pages per batch of {@link MarkdownPool.parseMany}, and their characters at most (but one page). */
const BATCH_PAGES = 64;
const BATCH_LENGTH = 256 * 1024;
/** Batches in flight per worker: the next one is there when a worker finishes one. */
const BATCHES_PER_THREAD = 2;

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
  readonly #pool: Piscina<ParseBatchTask, ParsedPage[]>;

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
    this.#check(markdown, field);
    const [parsed] = await this.#runBatch([{ markdown, field }]);
    if (parsed === undefined) throw new Error('the parse worker answered no page');
    return parsed;
  }

  /**
   * Parses many pages (an import's), as {@link parse} would one by one and with the same budgets
   * (each page its own time, from when the worker starts it), but sent to the workers in batches, a few per thread in flight, so that workers do not wait
   * on the event loop between pages. 400 names the first page found past a budget.
   */
  async parseMany(pages: readonly { markdown: string; field: string }[]): Promise<ParsedPage[]> {
    for (const page of pages) this.#check(page.markdown, page.field);
    const batches: (typeof pages)[] = [];
    let batch: { markdown: string; field: string }[] = [];
    let length = 0;
    for (const page of pages) {
      if (
        batch.length >= BATCH_PAGES ||
        (batch.length > 0 && length + page.markdown.length > BATCH_LENGTH)
      ) {
        batches.push(batch);
        batch = [];
        length = 0;
      }
      batch.push(page);
      length += page.markdown.length;
    }
    if (batch.length > 0) batches.push(batch);
    const parsed = await pMap(batches, (pages) => this.#runBatch(pages), {
      concurrency: this.budgets.threads * BATCHES_PER_THREAD,
    });
    return parsed.flat();
  }

  /**
   * One batch of pages, each held to the time budget from when the worker starts it: looked at
   * when its wall time reaches the budget, then again as long as its processor time has not.
   */
  async #runBatch(pages: readonly { markdown: string; field: string }[]): Promise<ParsedPage[]> {
    const { timeMs, wallFactor } = this.budgets;
    const askedAt = Date.now();
    const progress = new Int32Array(
      new SharedArrayBuffer(PROGRESS_SLOTS * Int32Array.BYTES_PER_ELEMENT),
    );
    // No page started yet: the batch waits for a worker, which the budget does not count.
    Atomics.store(progress, 0, NOT_STARTED);
    const controller = new AbortController();
    const at = () => Atomics.load(progress, 0);
    // Set when the wall-time limit ended the parse (a check's closure: read after the await).
    const ended = { starved: false };
    // The page being parsed, when it started and the processor time its worker had then.
    const check = () => {
      if (at() === NOT_STARTED) {
        timer = setTimeout(check, timeMs);
        return;
      }
      const startCpu = Atomics.load(progress, 3);
      const wall = Date.now() - (askedAt + Atomics.load(progress, 1));
      if (wall < timeMs) {
        timer = setTimeout(check, timeMs - wall);
        return;
      }
      const cpu = threadCpuMs(Atomics.load(progress, 2));
      const spent = cpu === undefined || startCpu < 0 ? wall : cpu - startCpu;
      if (spent >= timeMs) controller.abort(new DOMException('parse budget spent', 'TimeoutError'));
      else if (wall >= timeMs * wallFactor) {
        ended.starved = true;
        controller.abort(new DOMException('parse starved', 'TimeoutError'));
      } else timer = setTimeout(check, Math.min(timeMs - spent, timeMs * wallFactor - wall) + 10);
    };
    let timer = setTimeout(check, timeMs);
    try {
      const task: ParseBatchTask = {
        markdowns: pages.map((page) => page.markdown),
        askedAt,
        progress,
      };
      return await this.#pool.run(task, {
        name: 'parseBatch',
        signal: controller.signal,
      });
    } catch (error) {
      // piscina ends the worker of an aborted task and replaces it only up to `minThreads` (0):
      // the batches queued behind it would wait for the next parse to start a worker.
      if (controller.signal.aborted) this.warm();
      const field = pages[Math.max(0, at())]?.field ?? 'markdown';
      if (ended.starved)
        throw new BadRequestError(
          `${field} took longer than ${String(timeMs * wallFactor)} ms to convert on a busy service; simplify or split it, or try again later`,
          { cause: error },
        );
      throw this.#refusal(error, field);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Refuses, before parsing, markdown longer than the budget or nesting too deeply. */
  #check(markdown: string, field: string): void {
    const { maxLength } = this.budgets;
    if (markdown.length > maxLength)
      throw new BadRequestError(
        `${field} is ${String(markdown.length)} characters long; markdown is converted up to ${String(maxLength)}`,
      );
    requireMarkdownNesting(markdown, field);
  }

  /** The 400 for a parse of `field` that failed past a budget, else `error` itself. */
  #refusal(error: unknown, field: string): unknown {
    const { timeMs, heapMb } = this.budgets;
    if (isNamed(error, 'AbortError') || isNamed(error, 'TimeoutError'))
      return new BadRequestError(
        `${field} took more than ${String(timeMs)} ms of processor time to convert; simplify or split it`,
        { cause: error },
      );
    if (isCode(error, 'ERR_WORKER_OUT_OF_MEMORY'))
      return new BadRequestError(
        `${field} needs more than ${String(heapMb)} MiB to convert; simplify or split it`,
        { cause: error },
      );
    if (error instanceof RangeError)
      return new BadRequestError(`${field} nests too deeply to convert`, { cause: error });
    return error;
  }

  /**
   * Starts the workers ahead of parses that are coming (an import, once its blobs are uploaded),
   * so those do not wait for each worker to load the parser. Returns at once; the workers end
   * when idle as any others do.
   */
  warm(): void {
    for (let n = this.#pool.threads.length; n < this.budgets.threads; n++)
      this.#pool
        .run(
          { markdowns: [], askedAt: Date.now(), progress: new Int32Array(PROGRESS_SLOTS) },
          { name: 'parseBatch' },
        )
        .catch(() => undefined);
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
