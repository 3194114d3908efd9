import type { RevisionGit } from '@docsync/api';
import {
  parseGitbookConfig,
  type GitbookConfig,
  type JSONDocument,
  type RevisionContent,
  type RevisionPage,
  type RevisionReusableContent,
} from '@docsync/core';
import type { Selectable } from 'kysely';
import { readJson } from '../resources/json-column.js';
import type { ContentPagesTable, Db } from '../storage/schema.js';
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

/** Rebuilds the page tree from its rows (rows may come in any order). */
function pageTree(
  rows: readonly Selectable<ContentPagesTable>[],
  documents: ReadonlyMap<string, JSONDocument>,
): RevisionPage[] {
  const children = new Map<string | null, Selectable<ContentPagesTable>[]>();
  for (const row of rows) {
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  const build = (parentId: string | null): RevisionPage[] =>
    (children.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((row) => {
        const fields = readJson(row.fields) as RevisionPage;
        const page = { ...fields };
        if (page.type !== 'link') page.pages = build(row.page_id);
        if (page.type === 'document') {
          page.document =
            (row.document_hash === null ? undefined : documents.get(row.document_hash)) ??
            EMPTY_DOCUMENT;
        }
        return page;
      });
  return build(null);
}

/** Loads a revision by id, or undefined when there is no such stored revision. */
export async function loadRevision(
  db: Db,
  id: string,
  options: LoadOptions = {},
): Promise<StoredRevision | undefined> {
  const row = await db
    .selectFrom('content_revisions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const which = options.documents ?? 'none';
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
  const reusable = readJson(row.reusable_contents) as (Omit<RevisionReusableContent, 'document'> & {
    document: string;
  })[];

  const wanted =
    which === 'none'
      ? []
      : which === 'all'
        ? [
            ...pageRows.flatMap((page) =>
              page.document_hash === null ? [] : [page.document_hash],
            ),
            ...reusable.map((item) => item.document),
          ]
        : pageRows.flatMap((page) =>
            page.document_hash !== null && which.includes(page.page_id) ? [page.document_hash] : [],
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
      pages: pageTree(pageRows, documents),
      files: fileRows.map(fileFromRow),
      reusableContents: reusable.map((item) => ({
        ...item,
        document: documents.get(item.document) ?? EMPTY_DOCUMENT,
      })),
      variables: readJson(row.variables) as RevisionContent['variables'],
    },
  };
}
