import type { RevisionGit } from '@docsync/api';
import {
  parseGitbookConfig,
  type GitbookConfig,
  type JSONDocument,
  type RevisionContent,
  type RevisionFile,
  type RevisionPage,
} from '@docsync/core';
import type { Selectable } from 'kysely';
import type { ContentFilesTable, ContentRevisionsTable } from '../storage/schema.js';

/** How a revision came to be (the API's revision types that docsync writes). */
export type WrittenRevisionType = 'edits' | 'merge' | 'update' | 'rollback';

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
