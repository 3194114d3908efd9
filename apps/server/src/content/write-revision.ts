import type { GitbookConfig, RevisionContent, RevisionPage } from '@docsync/core';
import type { RevisionGit } from '@docsync/api';
import { writeJson } from '../resources/json-column.js';
import type { ContentFilesTable, ContentPagesTable, Db } from '../storage/schema.js';
import { storedDocument, storeDocuments, type StoredDocument } from './content-documents.js';

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

/**
 * Stores a revision: the documents it introduces (unchanged ones are already stored, by hash),
 * then its row, its page rows and its file rows. Run it in a transaction with the move of the
 * space's revision, so a lost compare-and-swap leaves nothing behind.
 */
export async function writeRevision(db: Db, revision: NewRevision): Promise<void> {
  const { content } = revision;
  const pages = pageRows(revision.id, content.pages);
  const reusable = content.reusableContents.map((item) => ({
    item,
    stored: storedDocument(item.document),
  }));
  await storeDocuments(db, [...pages.documents, ...reusable.map(({ stored }) => stored)]);

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

  for (let start = 0; start < pages.rows.length; start += BATCH) {
    await db
      .insertInto('content_pages')
      .values(pages.rows.slice(start, start + BATCH))
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
  for (let start = 0; start < files.length; start += BATCH) {
    await db
      .insertInto('content_files')
      .values(files.slice(start, start + BATCH))
      .execute();
  }
}
