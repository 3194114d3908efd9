import { revisionRows } from '../content/revision-rows.js';
import type { RevisionStore } from '../content/revision-caches.js';

/** The file rows' columns that say what a file is, not which revision row holds it. */
const fileKey = (row: {
  file_id: string;
  position: number;
  name: string;
  blob_oid: string | null;
}) => `${row.file_id}\u0000${String(row.position)}\u0000${row.name}\u0000${row.blob_oid ?? ''}`;

/**
 * A page's fields as far as its translation is concerned: not where Git Sync read it from (the
 * blob id of its file changes with every edit of it).
 */
function samePage(fields: object): string {
  const { git: _git, ...rest } = fields as { git?: unknown };
  return JSON.stringify(rest);
}

/**
 * The pages whose document is all that changed between two revisions of a space, or undefined
 * when anything else changed too (a page added, removed, moved or renamed, a file, a reusable
 * content, a variable, the settings): then a run rebuilds the whole translation. Read from the
 * revisions' rows (kept in memory), so no document is loaded to tell.
 */
export async function changedDocumentPages(
  store: RevisionStore,
  fromId: string,
  toId: string,
): Promise<Set<string> | undefined> {
  const [from, to] = await Promise.all([revisionRows(store, fromId), revisionRows(store, toId)]);
  if (from === undefined || to === undefined) return undefined;
  const a = from.revision;
  const b = to.revision;
  if (
    a.config !== b.config ||
    a.variables !== b.variables ||
    a.reusable_contents !== b.reusable_contents ||
    from.pages.size !== to.pages.size ||
    from.fileRows.length !== to.fileRows.length ||
    from.fileRows.some((row, index) => {
      const other = to.fileRows[index];
      return other === undefined || fileKey(row) !== fileKey(other);
    })
  )
    return undefined;
  const changed = new Set<string>();
  for (const [id, row] of to.pages) {
    const was = from.pages.get(id);
    if (
      was === undefined ||
      was.parentId !== row.parentId ||
      was.position !== row.position ||
      was.path !== row.path ||
      (was.fieldsText !== row.fieldsText && samePage(was.fields) !== samePage(row.fields))
    )
      return undefined;
    if (was.documentHash !== row.documentHash) changed.add(id);
  }
  return changed;
}
