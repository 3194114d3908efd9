import type { GitTree } from '@docsync/api';
import { pageTreeFile, type RevisionLayout, type RevisionPageDocument } from '@docsync/core';
import type { CachedStore } from '../caches/cached-store.js';
import type { CountedCache } from '../caches/counted-cache.js';
import { loadRevision } from '../content/load-revision.js';
import { revisionLayout, type PageFileCaches } from '../content/page-markdown.js';
import type { RevisionCaches } from '../content/revision-caches.js';
import { revisionRows } from '../content/revision-rows.js';
import type { LoadOptions, RevisionRows, StoredRevision } from '../content/stored-revision.js';
import { listByDifference, rememberListing } from './listing-by-difference.js';
import type { PageRenderCache } from './page-render-cache.js';
import { renderGitTree } from './render-git-tree.js';
import { documentPages, unchangedPages, withKnownPages } from './reuse-pages.js';
import {
  keepRenderState,
  spaceRenderState,
  type RenderStateCaches,
  type SpaceRenderState,
} from './space-render-state.js';

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
 * Listings by revision id, built with the server (`caches/server-caches.ts`). Revisions never
 * change, so a kept listing is never stale; a 10,000-page listing is about a megabyte, so a few.
 * A listing is kept while it is made (so requests share it), then sized by its files and texts.
 */
export type ListingCache = CountedCache<string, Promise<Listed>>;

/** The caches listings use. */
export interface GitTreeCaches extends RevisionCaches, RenderStateCaches, PageFileCaches {
  readonly listings: ListingCache;
}

/** A database with the listings, revisions and render states kept of it. */
export type GitTreeStore = CachedStore<GitTreeCaches>;

/** About what a listing holds in memory. */
function listedBytes(listed: Listed): number {
  let bytes = 0;
  for (const file of listed.tree.files) bytes += 2 * file.path.length + 200;
  for (const text of listed.texts.values()) bytes += text.length;
  return bytes;
}

/** The files Git Sync writes for a revision (see {@link gitTreeListed}). */
export async function gitTreeListing(store: GitTreeStore, target: GitTreeTarget): Promise<GitTree> {
  return (await gitTreeListed(store, target)).tree;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Listings made at a pace of their own (in the background), with what hurries them. */
const idlePaced = new WeakMap<Promise<Listed>, { hurry: () => void }>();

/**
 * The files Git Sync writes for a revision, from memory when listed before. Requests for the
 * same revision while it is being listed share the one listing. Neither a failed listing nor
 * that of a revision without a stored row (a new space's reserved first revision, which reads as
 * empty until content is written under that id) is kept. A listing started with a `pace` (the
 * background's, which waits for the service to be idle) keeps it until a caller without one asks
 * for the same revision; from then on it goes at the default pace.
 */
export function gitTreeListed(
  store: GitTreeStore,
  target: GitTreeTarget,
  options: ListOptions = {},
): Promise<Listed> {
  const listings = store.caches.listings;
  const known = listings.get(target.revisionId);
  if (known !== undefined) {
    // A caller that waits for a listing made at an idle pace hurries it: on a service that is
    // never idle for long, it would otherwise wait for a pause in the traffic.
    if (options.pace === undefined) idlePaced.get(known)?.hurry();
    return known;
  }
  const ours = () => listings.peek(target.revisionId) === listing;
  const { pace } = options;
  let hurry: () => void = () => undefined;
  const hurried = new Promise<void>((resolve) => {
    hurry = resolve;
  });
  // Hurried, a wait of the pace in progress ends too; then every slice goes at the default pace.
  let fast = false;
  void hurried.then(() => {
    fast = true;
  });
  const listing = listRevision(
    store,
    target,
    pace === undefined
      ? {}
      : { pace: () => (fast ? nextTurn() : Promise.race([pace(), hurried.then(nextTurn)])) },
  ).then(
    (listed) => {
      if (listed !== undefined) {
        if (ours()) listings.set(target.revisionId, listing, listedBytes(listed));
        return listed;
      }
      if (ours()) listings.delete(target.revisionId);
      return { tree: { revision: target.revisionId, files: [] }, texts: new Map() };
    },
    (error: unknown) => {
      if (ours()) listings.delete(target.revisionId);
      throw error;
    },
  );
  if (pace !== undefined) idlePaced.set(listing, { hurry });
  listings.set(target.revisionId, listing, 1);
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

/** Options of {@link listRevision}. */
export interface ListOptions {
  /**
   * Awaited between slices of rendering (see {@link renderInSlices}). Default: the next turn of
   * the event loop; work in the background waits for the service to be idle.
   */
  pace?: () => Promise<void>;
}

/** Milliseconds of rendering between turns of the event loop, in {@link renderInSlices}. */
const RENDER_SLICE_MS = 2;

/**
 * Renders pages into the render cache a few milliseconds at a time, awaiting `pace` in between:
 * a whole listing of 10,000 pages is about a second of rendering, which in one go would hold
 * every other request of the service for that second.
 */
async function renderInSlices(
  pages: readonly RevisionPageDocument[],
  layout: RevisionLayout,
  cache: PageRenderCache,
  pace: () => Promise<void>,
): Promise<void> {
  let sliceStart = performance.now();
  for (const page of pages) {
    pageTreeFile(page, layout, cache);
    if (performance.now() - sliceStart >= RENDER_SLICE_MS) {
      await pace();
      sliceStart = performance.now();
    }
  }
}

/**
 * Lists a revision. One laid out as the space's last listing was (only pages' content changed)
 * is that listing with the changed pages rendered again (`listByDifference`): a cost of the
 * change, not of the tree. Otherwise the whole revision is laid out and rendered, but pages
 * whose stored row is the one a listing of this space rendered last (same fields, same document)
 * get that page object back: their documents are not loaded, and core's render cache reuses
 * their markdown unless a page or file they link to moved. Undefined when the revision has no
 * stored row. Not kept: see {@link gitTreeListing}.
 */
export async function listRevision(
  store: GitTreeStore,
  target: GitTreeTarget,
  { pace = nextTurn }: ListOptions = {},
): Promise<Listed | undefined> {
  const rows = await revisionRows(store, target.revisionId);
  if (rows === undefined) return undefined;
  const byDifference = await listByDifference(store, target, rows);
  if (byDifference !== undefined) return byDifference;
  const state = spaceRenderState(store.caches, target.spaceId);
  const unchanged = unchangedPages(rows.pages, state.pages);
  const loaded = await loadRevision(store, target.revisionId, {
    documents: documentsToLoad(rows, unchanged),
  });
  if (loaded === undefined) return undefined;
  const revision: StoredRevision = {
    ...loaded,
    content: { ...loaded.content, pages: withKnownPages(loaded.content.pages, unchanged) },
  };
  const layout = revisionLayout(store.caches, revision);
  const pages = documentPages(revision.content.pages);
  await renderInSlices(pages, layout, state.cache, pace);
  // Every page is in the render cache now (unless another listing replaced it meanwhile, which
  // this render redoes): writing the whole tree reuses them, in one synchronous pass.
  const { files, texts } = renderGitTree(revision, state.cache, layout);
  rememberPages(state, rows, pages);
  const tree = { revision: target.revisionId, files };
  // An empty revision may be a space's reserved first one, which gets content under its id later.
  if (rows.pages.size > 0)
    rememberListing(store, target.spaceId, state, { rows, tree, texts, layout });
  else keepRenderState(store.caches, target.spaceId, state);
  return { tree, texts };
}
