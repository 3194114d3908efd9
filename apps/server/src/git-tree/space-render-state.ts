import type { GitTree } from '@docsync/api';
import type { RevisionLayout, RevisionPageDocument } from '@docsync/core';
import type { CountedCache } from '../caches/counted-cache.js';
import type { RevisionRows } from '../content/stored-revision.js';
import { PageRenderCache } from './page-render-cache.js';

/** A page object a listing rendered, with the stored row it was read from. */
export interface KnownPage {
  fieldsText: string;
  documentHash: string | null;
  page: RevisionPageDocument;
}

/** A listing of one of the space's revisions, with what it was made from. */
export interface LastListing {
  rows: RevisionRows;
  tree: GitTree;
  /** SUMMARY.md, includes, `.gitbook/vars.yaml`, `.gitbook.yaml`: their text by path. */
  texts: ReadonlyMap<string, string>;
  layout: RevisionLayout;
}

/**
 * What the listings of one space keep between revisions: the render cache, the last page object
 * of each page with its row, and the last listing made. A later revision whose row for a page is
 * the same (same fields text, same document hash) gets that very object back, so the render
 * cache, which compares fields by identity, reuses its markdown; and its document need not be
 * loaded. A later revision laid out as the last listing's was is listed from that listing (see
 * `listByDifference`).
 */
export interface SpaceRenderState {
  cache: PageRenderCache;
  pages: Map<string, KnownPage>;
  last?: LastListing;
}

/**
 * Render states by space id, built with the server (`caches/server-caches.ts`). Each holds every
 * page's document and markdown (tens of megabytes at 10,000 pages), so only a few; sized by the
 * markdown and pages it holds (the documents are the document cache's).
 */
export type RenderStateCache = CountedCache<string, SpaceRenderState>;

/** The cache of render states (see {@link RenderStateCache}). */
export interface RenderStateCaches {
  readonly renderStates: RenderStateCache;
}

/** About what a render state holds in memory. */
function stateBytes(state: SpaceRenderState): number {
  const last = state.last === undefined ? 0 : 300 * state.last.tree.files.length;
  return state.cache.textLength() + 200 * state.pages.size + last;
}

/** The render state of a space, made empty (and kept) when none is kept. */
export function spaceRenderState(caches: RenderStateCaches, spaceId: string): SpaceRenderState {
  const known = caches.renderStates.get(spaceId);
  if (known !== undefined) return known;
  const state: SpaceRenderState = { cache: new PageRenderCache(), pages: new Map() };
  keepRenderState(caches, spaceId, state);
  return state;
}

/** Keeps a space's render state again with what it holds now (after a listing added to it). */
export function keepRenderState(
  caches: RenderStateCaches,
  spaceId: string,
  state: SpaceRenderState,
): void {
  caches.renderStates.set(spaceId, state, stateBytes(state));
}
