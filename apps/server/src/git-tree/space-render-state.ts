import type { RevisionPageDocument } from '@docsync/core';
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
 * Spaces whose render state is kept, least recently used dropped first. Each holds every page's
 * document and markdown (tens of megabytes at 10,000 pages), so only a few.
 */
const KEPT_SPACES = 4;
const states = new Map<string, SpaceRenderState>();

/** The render state of a space, made empty when none is kept. */
export function spaceRenderState(spaceId: string): SpaceRenderState {
  const state = states.get(spaceId) ?? { cache: new PageRenderCache(), pages: new Map() };
  states.delete(spaceId);
  states.set(spaceId, state);
  if (states.size > KEPT_SPACES) {
    const oldest = states.keys().next();
    if (oldest.done !== true) states.delete(oldest.value);
  }
  return state;
}
