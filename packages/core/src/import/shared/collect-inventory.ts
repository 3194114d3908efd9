import type { Diagnostic } from '../../diagnostic.js';
import type { TreeFile } from '../../tree/tree-file.js';
import type { BuiltRevision } from './build-revision.js';
import type { ImportedPage } from './imported-page.js';
import { importedStatus, type InventoryEntry, type InventoryTarget } from './inventory.js';

/** How a file the importer handled itself (a configuration file, a category file) fared. */
export interface FileOutcome {
  status: InventoryEntry['status'];
  diagnostics: Diagnostic[];
  target?: InventoryTarget;
}

/** The outcome of a page file given without its text (a binary file, or one left unread). */
export function missingTextOutcome(): FileOutcome {
  return {
    status: 'failed',
    diagnostics: [
      {
        ruleId: 'no-text',
        severity: 'error',
        message: 'the file was given without its text, so it could not be read',
      },
    ],
  };
}

/** What {@link collectInventory} needs to give every source file its line. */
export interface CollectInventoryInput {
  files: readonly TreeFile[];
  revisionKey: string;
  built: BuiltRevision;
  pages: ReadonlyMap<string, ImportedPage>;
  outcomes: ReadonlyMap<string, FileOutcome>;
  /** Why a file no rule claimed was skipped (`not under docs/`…). */
  skipReason: (path: string) => string;
  /** Diagnostics about the import as a whole (no file). */
  general?: readonly Diagnostic[];
}

/**
 * One inventory line per source file, in the tree's order: the importer's own outcome for files
 * it handled, pages and assets from where the revision put them, and `skipped` (with the reason
 * as a diagnostic) for the rest, so nothing is dropped without a line.
 */
export function collectInventory(input: CollectInventoryInput): {
  inventory: InventoryEntry[];
  diagnostics: Diagnostic[];
} {
  const builtByPath = new Map<string, Diagnostic[]>();
  for (const diagnostic of input.built.diagnostics) {
    const path = diagnostic.path ?? '';
    builtByPath.set(path, [...(builtByPath.get(path) ?? []), diagnostic]);
  }
  const withPath = (path: string, list: readonly Diagnostic[]) =>
    list.map((diagnostic) => ({ ...diagnostic, path: diagnostic.path ?? path }));
  const inventory = input.files.map((file): InventoryEntry => {
    const path = file.path;
    const outcome = input.outcomes.get(path);
    const later = builtByPath.get(path) ?? [];
    if (outcome !== undefined) {
      const diagnostics = withPath(path, [...outcome.diagnostics, ...later]);
      return {
        source: path,
        ...(outcome.target === undefined ? {} : { target: outcome.target }),
        status: outcome.status,
        diagnostics,
      };
    }
    const page = input.pages.get(path);
    const pageId = input.built.pageIdBySource.get(path);
    if (page !== undefined && pageId !== undefined) {
      const diagnostics = withPath(path, [...page.diagnostics, ...later]);
      return {
        source: path,
        target: { revision: input.revisionKey, pageId },
        status: importedStatus(diagnostics),
        diagnostics,
      };
    }
    const fileId = input.built.fileIdBySource.get(path);
    if (fileId !== undefined)
      return {
        source: path,
        target: { revision: input.revisionKey, fileId },
        status: 'imported',
        diagnostics: [],
      };
    return {
      source: path,
      status: 'skipped',
      diagnostics: [
        { path, ruleId: 'not-imported', severity: 'info', message: input.skipReason(path) },
      ],
    };
  });
  return {
    inventory,
    diagnostics: [...(input.general ?? []), ...inventory.flatMap((entry) => entry.diagnostics)],
  };
}
