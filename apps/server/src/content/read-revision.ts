import type { RevisionGit } from '@docsync/api';
import {
  parseGitbookConfig,
  type GitbookConfig,
  type JSONDocument,
  type RevisionContent,
  type RevisionFile,
  type RevisionPage,
  type RevisionReusableContent,
} from '@docsync/core';
import type { Selectable } from 'kysely';
import type { CountedCache } from '../caches/counted-cache.js';
import { readJson } from '../resources/json-column.js';
import type {
  ContentFilesTable,
  ContentPagesTable,
  ContentRevisionsTable,
  Db,
} from '../storage/schema.js';
import { loadDocuments, type DocumentCaches } from './content-documents.js';
import { fileFromRow } from './revision-files.js';
import { REMOVED_POSITION } from './revision-page-rows.js';
import type { WrittenRevisionType } from './write-revision.js';

/** A stored revision with its content. */
export interface StoredRevision {
  id: string;
  spaceId: string;
  parentId: string | null;
  type: WrittenRevisionType;
  git?: RevisionGit;
  createdAt: string;
  config: GitbookConfig;
  /**
   * The content. Documents are loaded only for the pages asked for (see {@link LoadOptions});
   * the other document pages and reusable contents hold {@link EMPTY_DOCUMENT}.
   */
  content: RevisionContent;
}

/** Which documents {@link loadRevision} loads. */
export interface LoadOptions {
  /** `all`, none (the page tree only, the default), or the pages with these ids. */
  documents?: 'all' | 'none' | readonly string[];
  /**
   * The same frozen page tree for every caller that asks for it, kept in memory, instead of new
   * objects to change: for readers that only read it or build new content from it (imports,
   * reads of the API), which then cost what they use rather than the whole tree. Pages whose
   * documents are asked for (a list of ids, not `all`) are frozen copies holding them.
   */
  shared?: boolean;
}

/** What a page row of a shared page tree stored: writing the page again needs no JSON or hash. */
export interface StoredPageFields {
  fieldsText: string;
  documentHash: string | null;
}

/**
 * The stored fields of the (frozen) page objects of shared page trees. Only frozen pages are
 * here, so what a page holds cannot drift from its entry.
 */
export const storedPageFields = new WeakMap<RevisionPage, StoredPageFields>();

/** The stand-in for a document that was not loaded: no blocks. */
export const EMPTY_DOCUMENT: JSONDocument = { object: 'document', data: {}, nodes: [] };

/** The settings of a space without `.gitbook.yaml`, for revisions without a tree. */
const defaultConfig = parseGitbookConfig('').config;

/** A revision as a space starts: no pages, no files (its id is reserved when the space is made). */
export function emptyRevision(id: string, spaceId: string, createdAt: string): StoredRevision {
  return {
    id,
    spaceId,
    parentId: null,
    type: 'edits',
    createdAt,
    config: defaultConfig,
    content: { pages: [], files: [], reusableContents: [], variables: {} },
  };
}

/** A page row with its JSON fields read (and their text, to compare with a new row). */
export interface PageRow {
  pageId: string;
  parentId: string | null;
  position: number;
  path: string | null;
  documentHash: string | null;
  fieldsText: string;
  fields: RevisionPage;
}

/** A stored revision's rows, read once: revisions are written once and never changed. */
export interface RevisionRows {
  revision: Selectable<ContentRevisionsTable>;
  /** Children by parent id (null for the top level), in position order. */
  children: Map<string | null, PageRow[]>;
  /** Page rows by page id. */
  pages: Map<string, PageRow>;
  /**
   * When the revision overlays a base (see migration 010), the rows it stores itself: those that
   * differ from the base's, and tombstones (`position` -1) for base pages it removed. Empty else.
   */
  overlay: ReadonlyMap<string, PageRow>;
  fileRows: Selectable<ContentFilesTable>[];
  files: RevisionFile[];
}

/**
 * Revisions' rows by id, built with the server (`caches/server-caches.ts`): revisions are written
 * once and never changed, so an entry is never stale. Sized by the rows' text.
 */
export type RevisionRowsCache = CountedCache<string, RevisionRows>;

/** Revisions' shared page trees by id (see `LoadOptions.shared`), sized by their pages. */
export type SharedRevisionCache = CountedCache<string, StoredRevision>;

/** The caches reads of revisions use. */
export interface RevisionCaches extends DocumentCaches {
  readonly revisionRows: RevisionRowsCache;
  readonly sharedRevisions: SharedRevisionCache;
}

/** A database with the revisions and documents kept of it. */
export interface RevisionStore {
  readonly db: Db;
  readonly caches: RevisionCaches;
}

/** About what a page or file row holds in memory beyond its text. */
const ROW_BYTES = 200;

/** About what a revision's rows hold in memory. */
function rowsBytes(rows: RevisionRows): number {
  let bytes = ROW_BYTES * (rows.fileRows.length + rows.overlay.size);
  for (const page of rows.pages.values()) bytes += 2 * page.fieldsText.length + ROW_BYTES;
  return bytes;
}

/** About what a shared revision's page tree holds in memory (its documents are not loaded). */
function sharedBytes(revision: StoredRevision): number {
  let bytes = ROW_BYTES * revision.content.files.length;
  const count = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      bytes += (storedPageFields.get(page)?.fieldsText.length ?? 0) + ROW_BYTES;
      if ('pages' in page) count(page.pages);
    }
  };
  count(revision.content.pages);
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

/**
 * Builds the page tree from its rows: new page objects on every call (callers may change them),
 * sharing only the JSON values of their fields and the documents.
 */
function pageTree(
  children: ReadonlyMap<string | null, readonly PageRow[]>,
  documents: ReadonlyMap<string, JSONDocument>,
): RevisionPage[] {
  const build = (parentId: string | null): RevisionPage[] =>
    (children.get(parentId) ?? []).map((row) => {
      const page = { ...row.fields };
      if (page.type !== 'link') page.pages = build(row.pageId);
      if (page.type === 'document') {
        page.document =
          (row.documentHash === null ? undefined : documents.get(row.documentHash)) ??
          EMPTY_DOCUMENT;
      }
      return page;
    });
  return build(null);
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

/**
 * Keeps a revision, with no documents loaded, as the shared content later `shared` loads of it
 * return (see `LoadOptions.shared`). Its pages must be frozen and in {@link storedPageFields}.
 */
export function keepSharedRevision(caches: RevisionCaches, revision: StoredRevision): void {
  caches.sharedRevisions.set(revision.id, revision, sharedBytes(revision));
}

/**
 * A shared revision with the documents of pages `ids` loaded: those pages and their ancestors
 * become frozen copies, everything else stays shared.
 */
async function withDocuments(
  store: RevisionStore,
  shape: StoredRevision,
  ids: readonly string[],
): Promise<StoredRevision> {
  const wanted = new Set(ids);
  const hashes = new Map<string, string>();
  const collect = (pages: readonly RevisionPage[]) => {
    for (const page of pages) {
      const hash = storedPageFields.get(page)?.documentHash;
      if (wanted.has(page.id) && hash !== undefined && hash !== null) hashes.set(page.id, hash);
      if ('pages' in page) collect(page.pages);
    }
  };
  collect(shape.content.pages);
  if (hashes.size === 0) return shape;
  const documents = await loadDocuments(store, [...hashes.values()]);
  const replace = (pages: readonly RevisionPage[]): readonly RevisionPage[] => {
    const out = pages.map((page) => {
      const own = 'pages' in page ? page.pages : undefined;
      const children = own === undefined ? undefined : replace(own);
      const hash = hashes.get(page.id);
      if (children === own && hash === undefined) return page;
      const copy = { ...page };
      if (children !== undefined && 'pages' in copy) copy.pages = children as RevisionPage[];
      if (copy.type === 'document' && hash !== undefined)
        copy.document = documents.get(hash) ?? EMPTY_DOCUMENT;
      const stored = storedPageFields.get(page);
      return stored === undefined ? Object.freeze(copy) : sharePage(copy, stored);
    });
    return out.some((page, index) => page !== pages[index]) ? Object.freeze(out) : pages;
  };
  return {
    ...shape,
    content: { ...shape.content, pages: replace(shape.content.pages) as RevisionPage[] },
  };
}

/** Freezes a page (not its fields' values) and records what its row stores. */
export function sharePage<T extends RevisionPage>(page: T, stored: StoredPageFields): T {
  if ('pages' in page) Object.freeze(page.pages);
  Object.freeze(page);
  storedPageFields.set(page, stored);
  return page;
}

/** The frozen page tree of a shared load: documents are {@link EMPTY_DOCUMENT}. */
function sharedPageTree(children: ReadonlyMap<string | null, readonly PageRow[]>): RevisionPage[] {
  const build = (parentId: string | null): RevisionPage[] =>
    (children.get(parentId) ?? []).map((row) => {
      const page = { ...row.fields };
      if (page.type !== 'link') page.pages = build(row.pageId);
      if (page.type === 'document') page.document = EMPTY_DOCUMENT;
      return sharePage(page, { fieldsText: row.fieldsText, documentHash: row.documentHash });
    });
  const pages = build(null);
  Object.freeze(pages);
  return pages;
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

/** Loads a revision by id, or undefined when there is no such stored revision. */
export async function loadRevision(
  store: RevisionStore,
  id: string,
  options: LoadOptions = {},
): Promise<StoredRevision | undefined> {
  const which = options.documents ?? 'none';
  if (options.shared === true && which !== 'all') {
    const known = store.caches.sharedRevisions.get(id);
    const shape =
      known ?? (which === 'none' ? undefined : await loadRevision(store, id, { shared: true }));
    if (shape !== undefined) return which === 'none' ? shape : withDocuments(store, shape, which);
    if (which !== 'none') return undefined;
  }
  const shared = options.shared === true && which === 'none';
  const rows = await revisionRows(store, id);
  if (rows === undefined) return undefined;
  const row = rows.revision;
  const reusable = readJson(row.reusable_contents) as (Omit<RevisionReusableContent, 'document'> & {
    document: string;
  })[];

  const pageRows = [...rows.pages.values()];
  const wanted =
    which === 'none'
      ? []
      : which === 'all'
        ? [
            ...pageRows.flatMap((page) => (page.documentHash === null ? [] : [page.documentHash])),
            ...reusable.map((item) => item.document),
          ]
        : pageRows.flatMap((page) =>
            page.documentHash !== null && which.includes(page.pageId) ? [page.documentHash] : [],
          );
  const documents = await loadDocuments(store, wanted);

  const revision: StoredRevision = {
    id: row.id,
    spaceId: row.space_id,
    parentId: row.parent_id,
    type: row.type as WrittenRevisionType,
    ...(row.git === null ? {} : { git: readJson(row.git) as RevisionGit }),
    createdAt: row.created_at,
    config: readJson(row.config) as GitbookConfig,
    content: {
      pages: shared ? sharedPageTree(rows.children) : pageTree(rows.children, documents),
      files: [...rows.files],
      reusableContents: reusable.map((item) => ({
        ...item,
        document: documents.get(item.document) ?? EMPTY_DOCUMENT,
      })),
      variables: readJson(row.variables) as RevisionContent['variables'],
    },
  };
  if (shared) keepSharedRevision(store.caches, revision);
  return revision;
}
