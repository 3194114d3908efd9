import type { RevisionPage } from '@docsync/core';
import type { Selectable } from 'kysely';
import { readJson } from '../resources/json-column.js';
import type { ContentPagesTable, ContentRevisionsTable } from '../storage/schema.js';
import { ROW_BYTES, type RevisionCaches, type RevisionStore } from './revision-caches.js';
import { fileFromRow } from './revision-files.js';
import { REMOVED_POSITION } from './revision-page-rows.js';
import type { PageRow, RevisionRows } from './stored-revision.js';

/** About what a revision's rows hold in memory. */
function rowsBytes(rows: RevisionRows): number {
  let bytes = ROW_BYTES * (rows.fileRows.length + rows.overlay.size);
  for (const page of rows.pages.values()) bytes += 2 * page.fieldsText.length + ROW_BYTES;
  return bytes;
}

export function pageRowsOf(
  rows: readonly Pick<
    Selectable<ContentPagesTable>,
    'page_id' | 'parent_id' | 'position' | 'path' | 'document_hash' | 'fields'
  >[],
): PageRow[] {
  return rows.map((row) => ({
    pageId: row.page_id,
    parentId: row.parent_id,
    position: row.position,
    path: row.path,
    documentHash: row.document_hash,
    fieldsText: row.fields,
    fields: readJson(row.fields) as RevisionPage,
  }));
}

export function childrenByParent(rows: readonly PageRow[]): Map<string | null, PageRow[]> {
  const children = new Map<string | null, PageRow[]>();
  for (const page of rows) {
    const siblings = children.get(page.parentId);
    if (siblings === undefined) children.set(page.parentId, [page]);
    else siblings.push(page);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => a.position - b.position);
  return children;
}

/** Keeps `rows` as the rows of revision `id`, dropping the least recently used beyond the bounds. */
export function keepRevisionRows(caches: RevisionCaches, id: string, rows: RevisionRows): void {
  caches.revisionRows.set(id, rows, rowsBytes(rows));
}

/**
 * The page rows of a revision by page id: its own (without tombstones) over its base's, when it
 * overlays one (see migration 010).
 */
async function pagesOf(
  store: RevisionStore,
  revision: Selectable<ContentRevisionsTable>,
): Promise<{ pages: Map<string, PageRow>; overlay: Map<string, PageRow> } | undefined> {
  const own = pageRowsOf(
    await store.db
      .selectFrom('content_pages')
      .selectAll()
      .where('revision_id', '=', revision.id)
      .execute(),
  );
  const byId = new Map(own.map((page) => [page.pageId, page] as const));
  if (revision.pages_base === null) return { pages: byId, overlay: new Map() };
  const base = await revisionRows(store, revision.pages_base);
  if (base === undefined) return undefined;
  const pages = new Map(base.pages);
  for (const page of own) {
    if (page.position === REMOVED_POSITION) pages.delete(page.pageId);
    else pages.set(page.pageId, page);
  }
  return { pages, overlay: byId };
}

/** The rows of a revision, from memory when read before. */
export async function revisionRows(
  store: RevisionStore,
  id: string,
): Promise<RevisionRows | undefined> {
  const { db, caches } = store;
  const known = caches.revisionRows.get(id);
  if (known !== undefined) return known;
  const revision = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (revision === undefined) return undefined;
  const read = await pagesOf(store, revision);
  if (read === undefined) return undefined;
  const { pages, overlay } = read;
  const fileRows = await db
    .selectFrom('content_files')
    .selectAll()
    .where('revision_id', '=', revision.files_from ?? id)
    .orderBy('position')
    .execute();
  const rows: RevisionRows = {
    revision,
    children: childrenByParent([...pages.values()]),
    pages,
    overlay,
    fileRows,
    files: fileRows.map(fileFromRow),
  };
  keepRevisionRows(caches, id, rows);
  return rows;
}
