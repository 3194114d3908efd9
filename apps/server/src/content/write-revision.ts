import type { GitbookConfig, JSONDocument, RevisionContent, RevisionPage } from '@docsync/core';
import type { RevisionGit } from '@docsync/api';
import type { Selectable } from 'kysely';
import { readJson, writeJson } from '../resources/json-column.js';
import type {
  ContentFilesTable,
  ContentPagesTable,
  ContentRevisionsTable,
} from '../storage/schema.js';
import { storedDocument, storeDocuments, type StoredDocument } from './content-documents.js';
import type { RevisionStore } from './revision-caches.js';
import { childrenByParent, pageRowsOf, revisionRows } from './revision-rows.js';
import { storedPageFields } from './shared-pages.js';
import {
  EMPTY_DOCUMENT,
  type PageRow,
  type RevisionRows,
  type WrittenRevisionType,
} from './stored-revision.js';
import { fileFromRow } from './revision-files.js';
import { REMOVED_POSITION } from './revision-page-rows.js';

/** A revision to store. */
export interface NewRevision {
  id: string;
  spaceId: string;
  parentId: string | null;
  type: WrittenRevisionType;
  git?: RevisionGit | undefined;
  authorId: string | null;
  createdAt: string;
  content: RevisionContent;
  config: GitbookConfig;
}

/** What {@link writeRevision} stored that followers may use instead of reading it back. */
export interface WrittenRevision {
  /** The revision's page rows, all of them. */
  pageRows: readonly ContentPagesTable[];
  /** Pages added or changed since the parent revision (all of them without a parent). */
  changedPages: ReadonlySet<string>;
  /** Pages of the parent revision that this one no longer has. */
  removedPages: ReadonlySet<string>;
  /** The documents the write had in memory, by page id (not those of shared, unchanged pages). */
  pageDocuments: ReadonlyMap<string, JSONDocument>;
  /** The revision's rows as `revisionRows` reads them, to keep once the transaction commits. */
  rows: RevisionRows;
}

/** Rows per insert: below both dialects' limits on bound parameters. */
const BATCH = 200;
/** Documents a write looks up rather than leaving out those its parent holds (see below). */
const HELD_LOOKUPS = 64;

/** The page without its children and its document: what a page row keeps as JSON. */
function pageFields(page: RevisionPage): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...page };
  delete fields['pages'];
  delete fields['document'];
  return fields;
}

/**
 * The document hash a page row stores, and the document to store when it is new. A document
 * that was not loaded ({@link EMPTY_DOCUMENT}) is the one the parent revision holds for the page.
 */
function documentOf(
  document: JSONDocument,
  kept: string | null | undefined,
  what: string,
): { hash: string; stored?: StoredDocument } {
  if (document !== EMPTY_DOCUMENT) {
    const stored = storedDocument(document);
    return { hash: stored.hash, stored };
  }
  if (kept === undefined || kept === null)
    throw new Error(`${what} holds no loaded document and the parent revision has none for it`);
  return { hash: kept };
}

/**
 * Splits a page tree into rows (parents before children) and the documents they refer to. A
 * page of a shared tree (see `storedPageFields`) keeps its stored JSON and hash, so a revision
 * built on one serializes and hashes only the pages that changed.
 */
function pageRows(
  revisionId: string,
  pages: readonly RevisionPage[],
  parent: RevisionRows | undefined,
): { rows: ContentPagesTable[]; documents: StoredDocument[]; byPage: Map<string, JSONDocument> } {
  const rows: ContentPagesTable[] = [];
  const documents: StoredDocument[] = [];
  const byPage = new Map<string, JSONDocument>();
  const walk = (list: readonly RevisionPage[], parentId: string | null) => {
    list.forEach((page, position) => {
      let stored = storedPageFields.get(page);
      if (stored === undefined) {
        let documentHash: string | null = null;
        if (page.type === 'document') {
          const read = documentOf(
            page.document,
            parent?.pages.get(page.id)?.documentHash,
            `page \`${page.id}\``,
          );
          if (read.stored !== undefined) {
            documents.push(read.stored);
            byPage.set(page.id, page.document);
          }
          documentHash = read.hash;
        }
        stored = { fieldsText: writeJson(pageFields(page)), documentHash };
      }
      rows.push({
        revision_id: revisionId,
        page_id: page.id,
        parent_id: parentId,
        position,
        path: page.type === 'link' ? null : page.path,
        document_hash: stored.documentHash,
        fields: stored.fieldsText,
      });
      if ('pages' in page) walk(page.pages, page.id);
    });
  };
  walk(pages, null);
  return { rows, documents, byPage };
}

/**
 * A revision overlays its base (see migration 010) while it differs from it in at most this many
 * rows (and a quarter of its pages, but never fewer than 16); beyond, it stores all of its rows and
 * becomes a base. Small: each write stores the whole difference from the base.
 */
function overlayLimit(pages: number): number {
  return Math.min(500, Math.max(16, Math.floor(pages / 4)));
}

function samePageRow(known: PageRow | undefined, row: ContentPagesTable): boolean {
  return (
    known !== undefined &&
    known.parentId === row.parent_id &&
    known.position === row.position &&
    known.path === row.path &&
    known.documentHash === row.document_hash &&
    known.fieldsText === row.fields
  );
}

/** The same file at the same place: every column of a stored file row but the revision's id. */
export function sameFileRow(
  known: Selectable<ContentFilesTable> | undefined,
  row: ContentFilesTable,
): boolean {
  return (
    known !== undefined &&
    known.file_id === row.file_id &&
    known.position === row.position &&
    known.name === row.name &&
    known.content_type === row.content_type &&
    known.size === row.size &&
    known.blob_oid === row.blob_oid &&
    known.git_path === row.git_path
  );
}

/** A page row as stored (tombstones included), from its row as kept in memory. */
export function tableRow(revisionId: string, row: PageRow): ContentPagesTable {
  return {
    revision_id: revisionId,
    page_id: row.pageId,
    parent_id: row.parentId,
    position: row.position,
    path: row.path,
    document_hash: row.documentHash,
    fields: row.fieldsText,
  };
}

/** A tombstone: base page `pageId` is not in the overlaying revision. */
function tombstone(pageId: string): PageRow {
  return {
    pageId,
    parentId: null,
    position: REMOVED_POSITION,
    path: null,
    documentHash: null,
    fieldsText: '{}',
    fields: {} as RevisionPage,
  };
}

/** The new revision's page rows against its parent's: those that changed, those removed. */
function compareWithParent(
  rows: readonly ContentPagesTable[],
  parent: RevisionRows | undefined,
): { changed: PageRow[]; removed: string[] } {
  const changed: PageRow[] = [];
  let kept = 0;
  for (const row of rows) {
    const known = parent?.pages.get(row.page_id);
    if (known !== undefined) kept += 1;
    if (!samePageRow(known, row)) changed.push(pageRowsOf([row])[0] as PageRow);
  }
  const removed: string[] = [];
  if (parent !== undefined && kept < parent.pages.size) {
    const ids = new Set(rows.map((row) => row.page_id));
    for (const id of parent.pages.keys()) if (!ids.has(id)) removed.push(id);
  }
  return { changed, removed };
}

/**
 * The rows an overlay of `base` stores for the new revision: the parent's overlay (the parent
 * overlays `base` too, or is it) updated with what changed since the parent. Proportional to the
 * changes and the overlay, not to the revision.
 */
function overlayOf(
  parent: RevisionRows,
  base: RevisionRows,
  changes: { changed: readonly PageRow[]; removed: readonly string[] },
): Map<string, PageRow> {
  const overlay = new Map(parent === base ? [] : parent.overlay);
  for (const row of changes.changed) {
    const was = base.pages.get(row.pageId);
    if (was !== undefined && samePageRow(was, tableRow('', row))) overlay.delete(row.pageId);
    else overlay.set(row.pageId, row);
  }
  for (const id of changes.removed) {
    if (base.pages.has(id)) overlay.set(id, tombstone(id));
    else overlay.delete(id);
  }
  return overlay;
}

/**
 * The new revision's rows by page id and by parent: the parent's with the changes applied. The
 * children lists are copied only where a row changed in place; a page added, removed or moved
 * rebuilds them.
 */
function keptRows(
  rows: readonly ContentPagesTable[],
  parent: RevisionRows | undefined,
  changes: { changed: readonly PageRow[]; removed: readonly string[] },
): Pick<RevisionRows, 'pages' | 'children'> {
  if (parent === undefined) {
    const pages = new Map(pageRowsOf(rows).map((row) => [row.pageId, row] as const));
    return { pages, children: childrenByParent([...pages.values()]) };
  }
  const pages = new Map(parent.pages);
  for (const row of changes.changed) pages.set(row.pageId, row);
  for (const id of changes.removed) pages.delete(id);
  const inPlace =
    changes.removed.length === 0 &&
    changes.changed.every((row) => {
      const was = parent.pages.get(row.pageId);
      return was !== undefined && was.parentId === row.parentId && was.position === row.position;
    });
  if (!inPlace) return { pages, children: childrenByParent([...pages.values()]) };
  const children = new Map(parent.children);
  for (const row of changes.changed) {
    const siblings = [...(children.get(row.parentId) ?? [])];
    siblings[row.position] = row;
    children.set(row.parentId, siblings);
  }
  return { pages, children };
}

/**
 * Stores a revision: the documents it introduces (unchanged ones are already stored, by hash),
 * then its row, its page rows and its file rows. Run it in a transaction with the move of the
 * space's revision, so a lost compare-and-swap leaves nothing behind.
 *
 * Work is proportional to the change: documents the parent revision holds are not looked up; a
 * revision close to its parent's base stores only the page rows that differ from the base (see
 * migration 010); files the same as the parent's are not stored again.
 */
export async function writeRevision(
  store: RevisionStore,
  revision: NewRevision,
): Promise<WrittenRevision> {
  const { db } = store;
  const { content } = revision;
  const parent =
    revision.parentId === null ? undefined : await revisionRows(store, revision.parentId);
  const pages = pageRows(revision.id, content.pages, parent);
  const parentReusable = new Map(
    parent === undefined
      ? []
      : (readJson(parent.revision.reusable_contents) as { id: string; document: string }[]).map(
          (item) => [item.id, item.document] as const,
        ),
  );
  const reusable = content.reusableContents.map((item) => ({
    item,
    read: documentOf(item.document, parentReusable.get(item.id), `reusable content \`${item.id}\``),
  }));
  const introduced = [...pages.documents, ...reusable.flatMap(({ read }) => read.stored ?? [])];
  // Many documents (a whole read): those the parent holds are left out without a lookup. A few
  // cost less to look up than a set of the parent's hashes.
  const held = new Set<string>();
  if (introduced.length > HELD_LOOKUPS)
    for (const row of parent?.pages.values() ?? [])
      if (row.documentHash) held.add(row.documentHash);
  await storeDocuments(
    store,
    introduced.filter((doc) => !held.has(doc.hash)),
  );

  // Page rows: the differences from the parent's base, or all of them.
  const changes = compareWithParent(pages.rows, parent);
  const baseId =
    parent === undefined ? undefined : (parent.revision.pages_base ?? parent.revision.id);
  const base =
    parent === undefined || baseId === undefined
      ? undefined
      : baseId === parent.revision.id
        ? parent
        : await revisionRows(store, baseId);
  const candidate =
    parent === undefined || base === undefined ? undefined : overlayOf(parent, base, changes);
  const overlay =
    candidate !== undefined && candidate.size <= overlayLimit(pages.rows.length)
      ? candidate
      : undefined;

  // Files: the parent's when they are the same, or stored anew.
  const files: ContentFilesTable[] = content.files.map((file, position) => ({
    revision_id: revision.id,
    file_id: file.id,
    position,
    name: file.name,
    content_type: file.contentType,
    size: file.size,
    blob_oid: file.git?.oid ?? null,
    git_path: file.git?.path ?? null,
  }));
  const sameFiles =
    parent !== undefined &&
    files.length === parent.fileRows.length &&
    files.every((row, index) => sameFileRow(parent.fileRows[index], row));

  const revisionRow: Selectable<ContentRevisionsTable> = {
    id: revision.id,
    space_id: revision.spaceId,
    parent_id: revision.parentId,
    type: revision.type,
    git_oid: revision.git?.oid ?? null,
    git: revision.git === undefined ? null : writeJson(revision.git),
    author_id: revision.authorId,
    created_at: revision.createdAt,
    variables: writeJson(content.variables),
    reusable_contents: writeJson(
      reusable.map(({ item, read }) => ({ ...item, document: read.hash })),
    ),
    config: writeJson(revision.config),
    pages_base: overlay === undefined ? null : (baseId ?? null),
    files_from: sameFiles ? (parent.revision.files_from ?? parent.revision.id) : null,
  };
  await db.insertInto('content_revisions').values(revisionRow).execute();

  const pageInserts =
    overlay === undefined
      ? pages.rows
      : [...overlay.values()].map((row) => tableRow(revision.id, row));
  for (let start = 0; start < pageInserts.length; start += BATCH) {
    await db
      .insertInto('content_pages')
      .values(pageInserts.slice(start, start + BATCH))
      .execute();
  }
  if (!sameFiles) {
    for (let start = 0; start < files.length; start += BATCH) {
      await db
        .insertInto('content_files')
        .values(files.slice(start, start + BATCH))
        .execute();
    }
  }

  const kept = keptRows(pages.rows, parent, changes);
  return {
    pageRows: pages.rows,
    changedPages: new Set(changes.changed.map((row) => row.pageId)),
    removedPages: new Set(changes.removed),
    pageDocuments: pages.byPage,
    rows: {
      revision: revisionRow,
      ...kept,
      overlay: overlay ?? new Map(),
      fileRows: sameFiles ? parent.fileRows : files,
      files: sameFiles ? parent.files : files.map(fileFromRow),
    },
  };
}
