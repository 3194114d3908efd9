import { setPriority } from 'node:os';
import { parsePage, type ParsedPage } from '@docsync/core';

// Parsing yields the CPU to the event loop: on Linux a nice value is per thread, so this lowers
// only this worker (elsewhere it may lower the process or be refused; either is harmless).
try {
  setPriority(10);
} catch {
  // Not permitted here: the worker runs at the process's priority.
}

/** A batch of pages to parse, and where to say which one is being parsed (see `parseBatch`). */
export interface ParseBatchTask {
  markdowns: string[];
  /** When the batch was asked for, in ms since the epoch. */
  askedAt: number;
  /**
   * Shared with the pool: [index of the page being parsed (-1 before the first), when it started
   * in ms after `askedAt`].
   */
  progress: Int32Array;
}

/**
 * What a worker of the markdown pool runs: core's `parsePage` on pages one after the other,
 * saying in `progress` which one it is at and since when, so the pool holds each page to its own
 * time budget from its start and names the page that outlasts it. It imports no file of the
 * server (only packages), so the pool can load it from source in tests as from `dist`.
 */
export function parseBatch(task: ParseBatchTask): ParsedPage[] {
  return task.markdowns.map((markdown, index) => {
    // The start first: a pool reading between the stores sees a later start, never an earlier one.
    Atomics.store(task.progress, 1, Date.now() - task.askedAt);
    Atomics.store(task.progress, 0, index);
    return parsePage(markdown);
  });
}
