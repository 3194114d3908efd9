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
import { readJson } from '../resources/json-column.js';
import type {
  ContentFilesTable,
  ContentPagesTable,
  ContentRevisionsTable,
  Db,
} from '../storage/schema.js';
import { loadDocuments } from './content-documents.js';
import { fileFromRow } from './revision-files.js';
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
}

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
  fileRows: Selectable<ContentFilesTable>[];
  files: RevisionFile[];
}

/** Revisions whose rows are kept in memory; the least recently used beyond this go. */
const KEPT_REVISIONS = 16;
const kept = new Map<string, RevisionRows>();

function pageRowsOf(rows: readonly Selectable<ContentPagesTable>[]): PageRow[] {
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

function childrenByParent(rows: readonly PageRow[]): Map<string | null, PageRow[]> {
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

/** The rows of a revision, from memory when read before. */
export async function revisionRows(db: Db, id: string): Promise<RevisionRows | undefined> {
  const known = kept.get(id);
  if (known !== undefined) {
    kept.delete(id);
    kept.set(id, known);
    return known;
  }
  const revision = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (revision === undefined) return undefined;
  const pageRows = await db
    .selectFrom('content_pages')
    .selectAll()
    .where('revision_id', '=', id)
    .execute();
  const fileRows = await db
    .selectFrom('content_files')
    .selectAll()
    .where('revision_id', '=', id)
    .orderBy('position')
    .execute();
  const pages = pageRowsOf(pageRows);
  const rows: RevisionRows = {
    revision,
    children: childrenByParent(pages),
    pages: new Map(pages.map((page) => [page.pageId, page])),
    fileRows,
    files: fileRows.map(fileFromRow),
  };
  kept.set(id, rows);
  if (kept.size > KEPT_REVISIONS) {
    const oldest = kept.keys().next();
    if (oldest.done !== true) kept.delete(oldest.value);
  }
  return rows;
}

/** Loads a revision by id, or undefined when there is no such stored revision. */
export async function loadRevision(
  db: Db,
  id: string,
  options: LoadOptions = {},
): Promise<StoredRevision | undefined> {
  const rows = await revisionRows(db, id);
  if (rows === undefined) return undefined;
  const row = rows.revision;
  const which = options.documents ?? 'none';
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
  const documents = await loadDocuments(db, wanted);

  return {
    id: row.id,
    spaceId: row.space_id,
    parentId: row.parent_id,
    type: row.type as WrittenRevisionType,
    ...(row.git === null ? {} : { git: readJson(row.git) as RevisionGit }),
    createdAt: row.created_at,
    config: readJson(row.config) as GitbookConfig,
    content: {
      pages: pageTree(rows.children, documents),
      files: [...rows.files],
      reusableContents: reusable.map((item) => ({
        ...item,
        document: documents.get(item.document) ?? EMPTY_DOCUMENT,
      })),
      variables: readJson(row.variables) as RevisionContent['variables'],
    },
  };
}
