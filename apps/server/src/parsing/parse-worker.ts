import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parsePage, type ParsedPage } from '@docsync/core';

// Parsing yields the CPU to the event loop: on Linux a nice value is per thread, so this lowers
// only this worker (elsewhere it may lower the process or be refused; either is harmless).
try {
  setPriority(10);
} catch {
  // Not permitted here: the worker runs at the process's priority.
}

/**
 * This thread's id in the operating system (`/proc/thread-self` names it on Linux), so the pool
 * can read the processor time the thread has had; 0 where there is no such file.
 */
const threadId = (() => {
  try {
    return Number(/\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1] ?? 0);
  } catch {
    return 0;
  }
})();

/**
 * Processor time this thread has had, in ms; -1 where Node has no `process.threadCpuUsage`
 * (added in 23.9: the oldest Node the service runs on, 22.16, lacks it), and the pool
 * then counts wall time.
 */
const threadCpuUsage = (process as { threadCpuUsage?: () => { user: number; system: number } })
  .threadCpuUsage;
function threadCpuMs(): number {
  if (typeof threadCpuUsage !== 'function') return -1;
  const usage = threadCpuUsage.call(process);
  return Math.floor((usage.user + usage.system) / 1000);
}

/** A batch of pages to parse, and where to say which one is being parsed (see `parseBatch`). */
export interface ParseBatchTask {
  markdowns: string[];
  /** When the batch was asked for, in ms since the epoch. */
  askedAt: number;
  /**
   * Shared with the pool: [index of the page being parsed (-1 before the first), when it started
   * in ms after `askedAt`, the worker thread's id in the operating system (0 when unknown), the
   * thread's processor time in ms when the page started (-1 when unknown)].
   */
  progress: Int32Array;
}

/**
 * What a worker of the markdown pool runs: core's `parsePage` on pages one after the other,
 * saying in `progress` which one it is at, since when and with how much processor time spent
 * before it, so the pool holds each page to its own budget from its start and names the page
 * that outlasts it. It imports no file of the
 * server (only packages), so the pool can load it from source in tests as from `dist`.
 */
export function parseBatch(task: ParseBatchTask): ParsedPage[] {
  if (task.progress.length > 2) Atomics.store(task.progress, 2, threadId);
  return task.markdowns.map((markdown, index) => {
    // The start first: a pool reading between the stores sees a later start, never an earlier one.
    if (task.progress.length > 3) Atomics.store(task.progress, 3, threadCpuMs());
    Atomics.store(task.progress, 1, Date.now() - task.askedAt);
    Atomics.store(task.progress, 0, index);
    return parsePage(markdown);
  });
}
