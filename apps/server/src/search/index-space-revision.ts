import type { RevisionContent } from '@docsync/core';
import { flattenRevisionPages } from '../content/flatten-revision-pages.js';
import { storeDocumentLinks } from '../links/document-links.js';
import type { Db } from '../storage/schema.js';
import type { IndexedPageRow } from './indexed-pages.js';
import { claimSearchIndex, syncSearchIndex } from './sync-search-index.js';

/**
 * Indexes a space's new revision in the transaction that moves the space to it (after the
 * revision is written): the search index follows it, re-reading only the pages that changed,
 * and the links of the documents those pages hold are recorded. The documents are the
 * revision's own, already in memory, so nothing is loaded.
 */
export async function indexSpaceRevision(
  trx: Db,
  spaceId: string,
  revision: { id: string; content: RevisionContent; pageRows: readonly IndexedPageRow[] },
): Promise<void> {
  const documents = new Map(
    flattenRevisionPages(revision.content.pages).flatMap((page) =>
      page.type === 'document' ? [[page.id, page.document] as const] : [],
    ),
  );
  await claimSearchIndex(trx, spaceId);
  const indexed = await syncSearchIndex(trx, spaceId, revision.id, documents, revision.pageRows);
  await storeDocumentLinks(trx, indexed);
}
