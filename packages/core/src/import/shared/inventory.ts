import type { Diagnostic } from '../../diagnostic.js';

/** How one source file fared: imported (cleanly or with diagnostics), skipped, or failed. */
export type InventoryStatus = 'imported' | 'imported-with-diagnostics' | 'skipped' | 'failed';

/** Where a source file went: a page or a file of one of the imported revisions. */
export interface InventoryTarget {
  /** The key of the revision in the import result. */
  revision: string;
  pageId?: string;
  fileId?: string;
  /** GitBook trees only: a `.gitbook/includes/` file becomes a reusable content. */
  reusableContentId?: string;
}

/** One line of the import inventory: every source file has exactly one. */
export interface InventoryEntry {
  /** The file's path in the imported tree. */
  source: string;
  target?: InventoryTarget;
  status: InventoryStatus;
  diagnostics: Diagnostic[];
}

/**
 * The status of a file that was read: diagnostics of `warning` or `error` severity mean it came in
 * with something a person should look at; `info` ones (kept front matter keys…) do not.
 */
export function importedStatus(diagnostics: readonly Diagnostic[]): InventoryStatus {
  return diagnostics.some((d) => d.severity !== 'info') ? 'imported-with-diagnostics' : 'imported';
}
