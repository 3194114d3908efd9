import type { RevisionPageDocument } from '@docsync/core';
import type { CountedCache } from '../caches/counted-cache.js';
import { PageRenderCache } from './page-render-cache.js';

/** A page object a listing rendered, with the stored row it was read from. */
export interface KnownPage {
  fieldsText: string;
  documentHash: string | null;
  page: RevisionPageDocument;
}

/**
 * What the listings of one space keep between revisions: the render cache, and the last page
 * object of each page with its row. A later revision whose row for a page is the same (same
 * fields text, same document hash) gets that very object back, so the render cache, which
 * compares fields by identity, reuses its markdown; and its document need not be loaded.
 */
export interface SpaceRenderState {
  cache: PageRenderCache;
  pages: Map<string, KnownPage>;
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
  return state.cache.textLength() + 200 * state.pages.size;
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
