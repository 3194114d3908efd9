import type { DocumentStore } from '../content/content-documents.js';
import type { FollowedRevision } from '../content/content-target.js';
import { tableRow, type WrittenRevision } from '../content/write-revision.js';
import { storeDocumentLinks } from '../links/document-links.js';
import type { IndexedPageRow } from './indexed-pages.js';
import { claimSearchIndex, syncSearchIndex } from './sync-search-index.js';

/**
 * The pages whose index entries may differ from the parent revision's: those added, changed or
 * removed, and the descendants of changed ones (their entries hold their ancestors' titles).
 */
function affectedPages(written: WrittenRevision): Set<string> {
  const affected = new Set(written.removedPages);
  const add = (id: string) => {
    if (affected.has(id)) return;
    affected.add(id);
    for (const child of written.rows.children.get(id) ?? []) add(child.pageId);
  };
  for (const id of written.changedPages) add(id);
  return affected;
}

/** The rows of pages `ids` and of their ancestors (whose titles their entries hold). */
function withAncestors(written: WrittenRevision, ids: ReadonlySet<string>): IndexedPageRow[] {
  const rows = new Map<string, IndexedPageRow>();
  for (const id of ids) {
    for (
      let row = written.rows.pages.get(id);
      row !== undefined && !rows.has(row.pageId);
      row = row.parentId === null ? undefined : written.rows.pages.get(row.parentId)
    ) {
      rows.set(row.pageId, tableRow(written.rows.revision.id, row));
    }
  }
  return [...rows.values()];
}

/**
 * Indexes a space's new revision in the transaction that moves the space to it (after the
 * revision is written): the search index follows it, re-reading only the pages that changed,
 * and the links of the documents those pages hold are recorded. When the index reflects the
 * parent revision, only the pages the write changed are compared; otherwise all of them. The
 * documents the write had in memory are not loaded again.
 */
export async function indexSpaceRevision(
  store: DocumentStore,
  spaceId: string,
  revision: FollowedRevision,
): Promise<void> {
  const trx = store.db;
  const claimed = await claimSearchIndex(trx, spaceId);
  const { written } = revision;
  const only = claimed === revision.parentId ? affectedPages(written) : undefined;
  const indexed = await syncSearchIndex(
    store,
    spaceId,
    revision.id,
    written.pageDocuments,
    only === undefined ? written.pageRows : withAncestors(written, only),
    only,
  );
  await storeDocumentLinks(trx, indexed.documents, indexed.outlines);
}
