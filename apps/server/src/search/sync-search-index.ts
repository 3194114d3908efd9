import type { JSONDocument } from '@docsync/core';
import { loadDocuments, type DocumentStore } from '../content/content-documents.js';
import type { Db } from '../storage/schema.js';
import { documentSections, type DocumentOutline } from './document-sections.js';
import type { NewSection } from './full-text.js';
import { fullTextOf } from './full-text-of.js';
import {
  entryChanged,
  indexedPages,
  type IndexedPage,
  type IndexedPageRow,
} from './indexed-pages.js';
import { revisionPages } from '../content/revision-page-rows.js';

/** What {@link syncSearchIndex} indexed: documents by hash, and how each splits at its headings. */
export interface IndexedDocuments {
  documents: Map<string, JSONDocument>;
  outlines: Map<string, DocumentOutline>;
}

/** Page ids per statement: well under both dialects' limits on parameters. */
const ID_BATCH = 500;

/** The sections of a page as indexed: the text before the first heading, then each heading's. */
function pageSections(page: IndexedPage, outline: DocumentOutline): NewSection[] {
  const context = page.title;
  return [{ anchor: '', title: page.title, body: outline.intro }, ...outline.sections].map(
    (section, position) => ({ ...section, position, page_id: page.page_id, context }),
  );
}

/** The index entries of a space, or of its pages `only`. */
async function storedEntries(
  db: Db,
  spaceId: string,
  only: ReadonlySet<string> | undefined,
): Promise<IndexedPage[]> {
  const entries = db
    .selectFrom('search_pages')
    .select(['page_id', 'document_hash', 'title', 'path', 'ancestors'])
    .where('space_id', '=', spaceId);
  if (only === undefined) return entries.execute();
  const ids = [...only];
  const found: IndexedPage[] = [];
  for (let start = 0; start < ids.length; start += ID_BATCH)
    found.push(
      ...(await entries.where('page_id', 'in', ids.slice(start, start + ID_BATCH)).execute()),
    );
  return found;
}

/**
 * Claims a space's search index for this transaction and returns the revision it reflects
 * (`''` when nothing was indexed yet). The claim is a row lock on PostgreSQL (SQLite writes one
 * transaction at a time), so two writers of one space's index take turns.
 */
export async function claimSearchIndex(db: Db, spaceId: string): Promise<string> {
  const row = await db
    .insertInto('search_spaces')
    .values({ space_id: spaceId, revision_id: '' })
    .onConflict((conflict) =>
      conflict
        .column('space_id')
        .doUpdateSet({ revision_id: (eb) => eb.ref('search_spaces.revision_id') }),
    )
    .returning('revision_id')
    .executeTakeFirstOrThrow();
  return row.revision_id;
}

/**
 * Brings a claimed space's search index (see {@link claimSearchIndex}, same transaction) to
 * `revisionId`, touching only the pages whose document, title, path or ancestors changed:
 * their entries and sections are replaced, those of pages gone are deleted, the others stay.
 * It compares with what the index holds, whatever revision that was. `documents` (by page id,
 * the revision's own) and `pageRows` (the revision's page rows, just written) save loading what
 * the caller holds. With `only`, only those pages are compared: the caller knows the others are
 * indexed as they are. Returns the documents it indexed, by hash, and their outlines (see
 * `documentSections`), so that their links are read without splitting them again.
 */
export async function syncSearchIndex(
  store: DocumentStore,
  spaceId: string,
  revisionId: string,
  documents: ReadonlyMap<string, JSONDocument> = new Map(),
  pageRows?: readonly IndexedPageRow[],
  only?: ReadonlySet<string>,
): Promise<IndexedDocuments> {
  const { db } = store;
  await db
    .updateTable('search_spaces')
    .set({ revision_id: revisionId })
    .where('space_id', '=', spaceId)
    .execute();

  const rows =
    pageRows ??
    (await db
      .selectFrom(revisionPages(db, revisionId))
      .select(['page_id', 'parent_id', 'position', 'path', 'document_hash', 'fields'])
      .execute());
  const wanted = new Map(indexedPages(rows, only).map((entry) => [entry.page_id, entry]));
  const stored = await storedEntries(db, spaceId, only);

  const stale: string[] = [];
  const kept = new Set<string>();
  for (const entry of stored) {
    const next = wanted.get(entry.page_id);
    if (next === undefined || entryChanged(entry, next)) stale.push(entry.page_id);
    else kept.add(entry.page_id);
  }
  const fresh = [...wanted.values()].filter((entry) => !kept.has(entry.page_id));

  // Deleting an entry deletes its sections (and on SQLite, by trigger, their index rows).
  for (let start = 0; start < stale.length; start += ID_BATCH) {
    await db
      .deleteFrom('search_pages')
      .where('space_id', '=', spaceId)
      .where('page_id', 'in', stale.slice(start, start + ID_BATCH))
      .execute();
  }
  if (fresh.length === 0) return { documents: new Map(), outlines: new Map() };

  const loaded = await loadDocuments(
    store,
    fresh.filter((entry) => !documents.has(entry.page_id)).map((entry) => entry.document_hash),
  );
  const indexed = new Map<string, JSONDocument>();
  const outlines = new Map<string, DocumentOutline>();
  const sections: NewSection[] = [];
  for (const entry of fresh) {
    const document = documents.get(entry.page_id) ?? loaded.get(entry.document_hash);
    if (document === undefined) continue;
    indexed.set(entry.document_hash, document);
    let outline = outlines.get(entry.document_hash);
    if (outline === undefined) {
      outline = documentSections(document);
      outlines.set(entry.document_hash, outline);
    }
    sections.push(...pageSections(entry, outline));
  }
  const entries = fresh.filter((entry) => indexed.has(entry.document_hash));
  for (let start = 0; start < entries.length; start += ID_BATCH) {
    await db
      .insertInto('search_pages')
      .values(
        entries.slice(start, start + ID_BATCH).map((entry) => ({ ...entry, space_id: spaceId })),
      )
      .execute();
  }
  await fullTextOf(db).insertSections(db, spaceId, sections);
  return { documents: indexed, outlines };
}
