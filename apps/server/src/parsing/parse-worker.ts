import { parsePage, type ParsedPage } from '@docsync/core';

/**
 * What a worker of the markdown pool runs: core's `parsePage`, nothing else. It imports no file
 * of the server (only packages), so the pool can load it from source in tests as from `dist`.
 */
export function parse(task: { markdown: string }): ParsedPage {
  return parsePage(task.markdown);
}
