import type { GitTree } from '@docsync/api';
import type { RevisionPageDocument } from '@docsync/core';
import {
  loadRevision,
  revisionRows,
  type LoadOptions,
  type RevisionRows,
  type StoredRevision,
} from '../content/read-revision.js';
import type { Db } from '../storage/schema.js';
import { renderGitTree } from './render-git-tree.js';
import { documentPages, unchangedPages, withKnownPages } from './reuse-pages.js';
import { spaceRenderState, type SpaceRenderState } from './space-render-state.js';

/** The content to list: a space's, or a change request's, at this revision. */
export interface GitTreeTarget {
  spaceId: string;
  revisionId: string;
}

/** A listing, with the texts of the files that are neither pages nor assets. */
export interface Listed {
  tree: GitTree;
  /** SUMMARY.md, includes, `.gitbook/vars.yaml`, `.gitbook.yaml`: their text by path. */
  texts: ReadonlyMap<string, string>;
}

/**
 * Listings kept by revision id, least recently used dropped first. Revisions never change, so a
 * kept listing is never stale; a 10,000-page listing is about a megabyte, so a few.
 */
const KEPT_LISTINGS = 8;
const listings = new Map<string, Promise<Listed>>();

function keepListing(revisionId: string, listing: Promise<Listed>): void {
  listings.delete(revisionId);
  listings.set(revisionId, listing);
  if (listings.size > KEPT_LISTINGS) {
    const oldest = listings.keys().next();
    if (oldest.done !== true) listings.delete(oldest.value);
  }
}

/** The files Git Sync writes for a revision (see {@link gitTreeListed}). */
export async function gitTreeListing(db: Db, target: GitTreeTarget): Promise<GitTree> {
  return (await gitTreeListed(db, target)).tree;
}

/**
 * The files Git Sync writes for a revision, from memory when listed before. Requests for the
 * same revision while it is being listed share the one listing. Neither a failed listing nor
 * that of a revision without a stored row (a new space's reserved first revision, which reads as
 * empty until content is written under that id) is kept.
 */
export function gitTreeListed(db: Db, target: GitTreeTarget): Promise<Listed> {
  const known = listings.get(target.revisionId);
  if (known !== undefined) {
    keepListing(target.revisionId, known);
    return known;
  }
  const forget = () => {
    if (listings.get(target.revisionId) === listing) listings.delete(target.revisionId);
  };
  const listing = listRevision(db, target).then(
    (listed) => {
      if (listed !== undefined) return listed;
      forget();
      return { tree: { revision: target.revisionId, files: [] }, texts: new Map() };
    },
    (error: unknown) => {
      forget();
      throw error;
    },
  );
  keepListing(target.revisionId, listing);
  return listing;
}

/**
 * Which documents to load: those of the pages not known unchanged. All of them when most are
 * new (one query beats a long id list) or when the revision has reusable contents (their
 * documents are loaded only with `all`, and the includes are part of the listing).
 */
function documentsToLoad(
  rows: RevisionRows,
  unchanged: ReadonlyMap<string, unknown>,
): NonNullable<LoadOptions['documents']> {
  if (rows.revision.reusable_contents !== '[]') return 'all';
  const stale = [...rows.pages.keys()].filter((pageId) => !unchanged.has(pageId));
  return stale.length * 2 > rows.pages.size ? 'all' : stale;
}

/** Remembers the page objects just rendered, with their rows, for the next revision's listing. */
function rememberPages(
  state: SpaceRenderState,
  rows: RevisionRows,
  pages: readonly RevisionPageDocument[],
): void {
  for (const page of pages) {
    const row = rows.pages.get(page.id);
    if (row !== undefined)
      state.pages.set(page.id, {
        fieldsText: row.fieldsText,
        documentHash: row.documentHash,
        page,
      });
  }
}

/**
 * Lists a revision. Pages whose stored row is the one a listing of this space rendered last
 * (same fields, same document) get that page object back: their documents are not loaded, and
 * core's render cache reuses their markdown unless a page or file they link to moved. So a
 * revision that changed one page loads and renders about one page; the rest is the layout of
 * the whole tree, which every page's paths depend on. Undefined when the revision has no stored
 * row. Not kept: see {@link gitTreeListing}.
 */
export async function listRevision(db: Db, target: GitTreeTarget): Promise<Listed | undefined> {
  const rows = await revisionRows(db, target.revisionId);
  if (rows === undefined) return undefined;
  const state = spaceRenderState(target.spaceId);
  const unchanged = unchangedPages(rows.pages, state.pages);
  const loaded = await loadRevision(db, target.revisionId, {
    documents: documentsToLoad(rows, unchanged),
  });
  if (loaded === undefined) return undefined;
  const revision: StoredRevision = {
    ...loaded,
    content: { ...loaded.content, pages: withKnownPages(loaded.content.pages, unchanged) },
  };
  const { files, texts } = renderGitTree(revision, state.cache);
  rememberPages(state, rows, documentPages(revision.content.pages));
  return { tree: { revision: target.revisionId, files }, texts };
}
