import type { GitbookConfig, RevisionContent, RevisionPage } from '@docsync/core';
import type { RevisionGit } from '@docsync/api';
import { sql, type Selectable } from 'kysely';
import { writeJson } from '../resources/json-column.js';
import type { ContentFilesTable, ContentPagesTable, Db } from '../storage/schema.js';
import { storedDocument, storeDocuments, type StoredDocument } from './content-documents.js';
import { revisionRows, type PageRow } from './read-revision.js';

/** How a revision came to be (the API's revision types that docsync writes). */
export type WrittenRevisionType = 'edits' | 'merge' | 'update' | 'rollback';

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
}

/** Rows per insert: below both dialects' limits on bound parameters. */
const BATCH = 200;

/** The page without its children and its document: what a page row keeps as JSON. */
function pageFields(page: RevisionPage): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...page };
  delete fields['pages'];
  delete fields['document'];
  return fields;
}

/** Splits a page tree into rows (parents before children) and the documents they refer to. */
function pageRows(
  revisionId: string,
  pages: readonly RevisionPage[],
): { rows: ContentPagesTable[]; documents: StoredDocument[] } {
  const rows: ContentPagesTable[] = [];
  const documents: StoredDocument[] = [];
  const walk = (list: readonly RevisionPage[], parentId: string | null) => {
    list.forEach((page, position) => {
      let documentHash: string | null = null;
      if (page.type === 'document') {
        const stored = storedDocument(page.document);
        documents.push(stored);
        documentHash = stored.hash;
      }
      rows.push({
        revision_id: revisionId,
        page_id: page.id,
        parent_id: parentId,
        position,
        path: page.type === 'link' ? null : page.path,
        document_hash: documentHash,
        fields: writeJson(pageFields(page)),
      });
      if ('pages' in page) walk(page.pages, page.id);
    });
  };
  walk(pages, null);
  return { rows, documents };
}

/** Rows that differ from the parent's at most this share are written as a copy plus changes. */
const COPY_SHARE = 0.5;
/** Page ids in one `NOT IN` list of the copy: well under both dialects' parameter limits. */
const COPY_EXCLUDE_MAX = 1_000;

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

function sameFileRow(known: Selectable<ContentFilesTable> | undefined, row: ContentFilesTable) {
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

/**
 * Stores a revision: the documents it introduces (unchanged ones are already stored, by hash),
 * then its row, its page rows and its file rows. Run it in a transaction with the move of the
 * space's revision, so a lost compare-and-swap leaves nothing behind.
 *
 * Work is proportional to the change: documents the parent revision holds are not looked up, and
 * when most page rows (or all file rows) equal the parent's, they are copied inside the database
 * by one `INSERT … SELECT` and only the changed rows are sent.
 */
export async function writeRevision(db: Db, revision: NewRevision): Promise<WrittenRevision> {
  const { content } = revision;
  const parent = revision.parentId === null ? undefined : await revisionRows(db, revision.parentId);
  const pages = pageRows(revision.id, content.pages);
  const reusable = content.reusableContents.map((item) => ({
    item,
    stored: storedDocument(item.document),
  }));
  const held = new Set<string>();
  for (const row of parent?.pages.values() ?? []) if (row.documentHash) held.add(row.documentHash);
  await storeDocuments(
    db,
    [...pages.documents, ...reusable.map(({ stored }) => stored)].filter(
      (doc) => !held.has(doc.hash),
    ),
  );

  await db
    .insertInto('content_revisions')
    .values({
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
        reusable.map(({ item, stored }) => ({ ...item, document: stored.hash })),
      ),
      config: writeJson(revision.config),
    })
    .execute();

  // Page rows: a copy of the parent's unchanged rows plus the changed ones, or all of them.
  let pageInserts = pages.rows;
  if (parent !== undefined && revision.parentId !== null) {
    const ids = new Set(pages.rows.map((row) => row.page_id));
    const changed = pages.rows.filter((row) => !samePageRow(parent.pages.get(row.page_id), row));
    const excluded = [
      ...changed.map((row) => row.page_id),
      ...[...parent.pages.keys()].filter((id) => !ids.has(id)),
    ];
    if (excluded.length <= COPY_EXCLUDE_MAX && excluded.length <= pages.rows.length * COPY_SHARE) {
      await copyPageRows(db, revision.parentId, revision.id, excluded);
      pageInserts = changed;
    }
  }
  for (let start = 0; start < pageInserts.length; start += BATCH) {
    await db
      .insertInto('content_pages')
      .values(pageInserts.slice(start, start + BATCH))
      .execute();
  }

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
  if (
    parent !== undefined &&
    revision.parentId !== null &&
    files.length > 0 &&
    files.length === parent.fileRows.length &&
    files.every((row, index) => sameFileRow(parent.fileRows[index], row))
  ) {
    await copyFileRows(db, revision.parentId, revision.id);
    return { pageRows: pages.rows };
  }
  for (let start = 0; start < files.length; start += BATCH) {
    await db
      .insertInto('content_files')
      .values(files.slice(start, start + BATCH))
      .execute();
  }
  return { pageRows: pages.rows };
}

/** The columns a copied row keeps (its `revision_id` is the new revision's). */
const PAGE_COLUMNS = [
  'page_id',
  'parent_id',
  'position',
  'path',
  'document_hash',
  'fields',
] as const;
const FILE_COLUMNS = [
  'file_id',
  'position',
  'name',
  'content_type',
  'size',
  'blob_oid',
  'git_path',
] as const;

/** The new revision's id as a column of a copying `SELECT`. */
const revisionColumn = (revisionId: string) =>
  sql<string>`cast(${revisionId} as text)`.as('revision_id');

/** Copies the parent's page rows but `excluded` to the new revision, inside the database. */
async function copyPageRows(
  db: Db,
  parentId: string,
  revisionId: string,
  excluded: readonly string[],
): Promise<void> {
  await db
    .insertInto('content_pages')
    .columns(['revision_id', ...PAGE_COLUMNS])
    .expression((eb) => {
      const copy = eb
        .selectFrom('content_pages')
        .select([revisionColumn(revisionId), ...PAGE_COLUMNS])
        .where('revision_id', '=', parentId);
      return excluded.length === 0 ? copy : copy.where('page_id', 'not in', excluded);
    })
    .execute();
}

/** Copies all of the parent's file rows to the new revision, inside the database. */
async function copyFileRows(db: Db, parentId: string, revisionId: string): Promise<void> {
  await db
    .insertInto('content_files')
    .columns(['revision_id', ...FILE_COLUMNS])
    .expression((eb) =>
      eb
        .selectFrom('content_files')
        .select([revisionColumn(revisionId), ...FILE_COLUMNS])
        .where('revision_id', '=', parentId),
    )
    .execute();
}
