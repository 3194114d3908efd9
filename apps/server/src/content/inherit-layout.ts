import type { CachedStore } from '../caches/cached-store.js';
import { documentChanges } from '../git-tree/listing-by-difference.js';
import { keepLayout, type PageFileCaches } from './page-markdown.js';
import type { RevisionCaches } from './revision-caches.js';
import { revisionRows } from './revision-rows.js';
import type { StoredRevision } from './stored-revision.js';

/** How many revisions back a layout is looked for. */
const ANCESTORS = 4;

/** A database with the revisions and page files kept of it. */
export type LayoutStore = CachedStore<RevisionCaches & PageFileCaches>;

/**
 * Gives a revision not laid out yet the layout of its nearest ancestor (up to {@link ANCESTORS}
 * back) that was laid out, when the two are laid out alike (see `documentChanges`: the same
 * pages, fields, files and settings, only documents changed — what an edit of pages' content and
 * its merge make). Then the first markdown read of a new revision costs that page, not a layout
 * of the whole revision (~50 ms at 10,000 pages). Compares rows the server keeps (an ancestor's
 * only when kept); does nothing when no ancestor's layout is kept or the layouts may differ.
 */
export async function inheritLayout(store: LayoutStore, revision: StoredRevision): Promise<void> {
  const { caches } = store;
  if (caches.layouts.peek(revision.id) !== undefined || revision.content.pages.length === 0) return;
  let ancestorId = revision.parentId;
  for (let step = 0; step < ANCESTORS && ancestorId !== null; step++) {
    // Only rows read before: reading an ancestor's could cost more than a layout.
    const ancestor = caches.revisionRows.peek(ancestorId);
    if (ancestor === undefined) return;
    const layout = caches.layouts.peek(ancestorId);
    if (layout !== undefined) {
      const rows = await revisionRows(store, revision.id);
      if (rows !== undefined && documentChanges(ancestor, rows, layout) !== undefined)
        keepLayout(caches, revision.id, layout);
      return;
    }
    ancestorId = ancestor.revision.parent_id;
  }
}
