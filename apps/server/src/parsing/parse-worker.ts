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
 * What a worker of the markdown pool runs: core's `parsePage`, nothing else. It imports no file
 * of the server (only packages), so the pool can load it from source in tests as from `dist`.
 */
export function parse(task: { markdown: string }): ParsedPage {
  return parsePage(task.markdown);
}
