import type { Diagnostic } from '../../diagnostic.js';
import type { RevisionContent } from '../../model/revision.js';
import type { InventoryEntry } from './inventory.js';

/** One space's worth of imported content. */
export interface ImportedRevision {
  /** Stable within one import: the `docs.yaml` space key, or `docs` for a single-space tool. */
  key: string;
  title: string;
  content: RevisionContent;
}

/** What an import produced: revisions, one inventory line per source file, and every diagnostic. */
export interface ImportTreeResult {
  revisions: ImportedRevision[];
  inventory: InventoryEntry[];
  /** Every diagnostic of the import; those about a file carry its `path` (and are on its line). */
  diagnostics: Diagnostic[];
}
