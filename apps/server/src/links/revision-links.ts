import type { DocumentStore } from '../content/content-documents.js';
import type { Selectable } from 'kysely';
import { readJson } from '../resources/json-column.js';
import type { ContentPagesTable } from '../storage/schema.js';
import { collectRefs, type LinkRef } from './collect-refs.js';
import { loadDocumentLinks } from './document-links.js';
import { filesRevision, revisionPages } from '../content/revision-page-rows.js';

/** A reference in a page of a revision. */
export interface LinkOccurrence {
  /** Place in the revision's list of links: pages in tree order, each page's in its order. */
  index: number;
  pageId: string;
  ref: LinkRef;
}

/** The links of a revision (or of one page of it) and what they may point at. */
export interface RevisionLinks {
  revisionId: string;
  occurrences: LinkOccurrence[];
  /** Every page of the revision. */
  pages: ReadonlySet<string>;
  /** Every file of the revision. */
  files: ReadonlySet<string>;
  /** The heading anchors of a page whose anchors were read (the pages links point into). */
  anchorsOf(pageId: string): ReadonlySet<string> | undefined;
}

type PageRow = Pick<
  Selectable<ContentPagesTable>,
  'page_id' | 'parent_id' | 'position' | 'document_hash' | 'fields'
>;

/** The page rows in tree order: parents first, siblings by position. */
function treeOrder(rows: readonly PageRow[]): PageRow[] {
  const children = new Map<string | null, PageRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const ordered: PageRow[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string | null) => {
    for (const row of (children.get(parentId) ?? []).sort((a, b) => a.position - b.position)) {
      if (seen.has(row.page_id)) continue;
      seen.add(row.page_id);
      ordered.push(row);
      walk(row.page_id);
    }
  };
  walk(null);
  return ordered;
}

/** References a page holds outside its document: its cover, a link page's target, meta links. */
function pageFieldRefs(fields: string): LinkRef[] {
  const { cover, target, metaLinks } = readJson(fields) as Record<string, unknown>;
  return collectRefs([cover, target, metaLinks]);
}

/**
 * Reads the links of a revision, or of one page of it (`pageId`), from its page rows and the
 * recorded links of their documents (recorded on first use for documents not seen yet). Anchors
 * are read for the pages that anchor links point into.
 */
export async function readRevisionLinks(
  store: DocumentStore,
  revisionId: string,
  options: { pageId?: string } = {},
): Promise<RevisionLinks> {
  const { db } = store;
  const rows = treeOrder(
    await db
      .selectFrom(revisionPages(db, revisionId))
      .select(['page_id', 'parent_id', 'position', 'document_hash', 'fields'])
      .execute(),
  );
  const files = await db
    .selectFrom('content_files')
    .select('file_id')
    .where('revision_id', '=', filesRevision(db, revisionId))
    .execute();
  const hashOf = new Map(rows.map((row) => [row.page_id, row.document_hash]));
  const listed = rows.filter(
    (row) => options.pageId === undefined || row.page_id === options.pageId,
  );
  const links = await loadDocumentLinks(
    store,
    listed.flatMap((row) => (row.document_hash === null ? [] : [row.document_hash])),
  );

  const occurrences: LinkOccurrence[] = [];
  for (const row of listed) {
    const documentRefs =
      row.document_hash === null ? [] : (links.get(row.document_hash)?.refs ?? []);
    for (const ref of [...pageFieldRefs(row.fields), ...documentRefs])
      occurrences.push({ index: occurrences.length, pageId: row.page_id, ref });
  }

  // Anchors of the pages anchor links point into (and of the pages listed, for `#anchor` URLs).
  const anchored = new Set(listed.map((row) => row.page_id));
  for (const { pageId, ref } of occurrences)
    if (ref.kind === 'anchor' && ref.space === undefined) anchored.add(ref.page ?? pageId);
  const anchorHashes = [...anchored].flatMap((id) => {
    const hash = hashOf.get(id);
    return hash === undefined || hash === null ? [] : [hash];
  });
  const anchorLinks = await loadDocumentLinks(
    store,
    anchorHashes.filter((hash) => !links.has(hash)),
  );
  const anchors = new Map<string, ReadonlySet<string>>();
  for (const id of anchored) {
    const hash = hashOf.get(id);
    const found =
      hash === undefined || hash === null ? undefined : (links.get(hash) ?? anchorLinks.get(hash));
    if (found !== undefined) anchors.set(id, new Set(found.anchors));
  }

  return {
    revisionId,
    occurrences,
    pages: new Set(hashOf.keys()),
    files: new Set(files.map((file) => file.file_id)),
    anchorsOf: (pageId) => anchors.get(pageId),
  };
}
