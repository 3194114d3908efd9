import { flattenPages } from '@docsync/core';
import type { GitTree, GitTreePages } from '@docsync/api';
import { pageMarkdown } from '../content/page-markdown.js';
import { loadRevision } from '../content/load-revision.js';
import type { RenderStateCaches } from './space-render-state.js';
import {
  gitTreeListing,
  listRevision,
  type GitTreeStore,
  type GitTreeTarget,
} from './git-tree-listing.js';
import { perListing } from './per-listing.js';
import { spaceRenderState } from './space-render-state.js';

/** Listed pages' blob ids by page id. */
const pageOids = perListing(
  (listing): ReadonlyMap<string, string> =>
    new Map(listing.files.flatMap((file) => (file.page ? [[file.page, file.oid]] : []))),
);

/** The texts the space's render cache holds for these listed pages (blob ids checked). */
function cachedTexts(
  caches: RenderStateCaches,
  spaceId: string,
  listed: ReadonlyMap<string, string>,
): Map<string, string> {
  const { cache } = spaceRenderState(caches, spaceId);
  const texts = new Map<string, string>();
  for (const [pageId, oid] of listed) {
    const text = cache.textOf(pageId, oid);
    if (text !== undefined) texts.set(pageId, text);
  }
  return texts;
}

/**
 * Each page's markdown read for pages the render cache no longer holds at the listed blob id:
 * the pages a listing read that way (see `renderGitTree`) or that another listing rendered
 * since.
 */
async function readOneByOne(
  store: GitTreeStore,
  revisionId: string,
  pageIds: readonly string[],
): Promise<Map<string, string>> {
  const revision = await loadRevision(store, revisionId, { documents: pageIds });
  const texts = new Map<string, string>();
  if (revision === undefined) return texts;
  const wanted = new Set(pageIds);
  for (const page of flattenPages(revision.content.pages))
    if (page.type === 'document' && wanted.has(page.id))
      texts.set(page.id, pageMarkdown(store.caches, revision, page));
  return texts;
}

/**
 * The markdown of the asked pages the listing names, by page id, byte for byte what their
 * `format=markdown` reads answer: from the texts the listing rendered (checked by blob id),
 * rendered again through the cache when another revision's listing replaced them (which costs
 * what changed between the two), and one by one for whatever remains. Ids the listing does not
 * name as pages are left out.
 */
export async function listedPageTexts(
  store: GitTreeStore,
  target: GitTreeTarget,
  listing: GitTree,
  pageIds: readonly string[],
): Promise<Map<string, string>> {
  const oids = pageOids(listing);
  const listed = new Map(
    [...new Set(pageIds)].flatMap((id) => {
      const oid = oids.get(id);
      return oid === undefined ? [] : [[id, oid] as const];
    }),
  );
  let texts = cachedTexts(store.caches, target.spaceId, listed);
  if (texts.size < listed.size) {
    await listRevision(store, target);
    texts = cachedTexts(store.caches, target.spaceId, listed);
  }
  const missing = [...listed.keys()].filter((id) => !texts.has(id));
  if (missing.length > 0)
    for (const [id, text] of await readOneByOne(store, target.revisionId, missing))
      texts.set(id, text);
  return new Map(
    [...listed.keys()].flatMap((page) => {
      const markdown = texts.get(page);
      return markdown === undefined ? [] : [[page, markdown] as const];
    }),
  );
}

/** The markdown of the asked pages at the target's revision (see {@link listedPageTexts}). */
export async function gitTreePages(
  store: GitTreeStore,
  target: GitTreeTarget,
  pageIds: readonly string[],
): Promise<GitTreePages> {
  const listing = await gitTreeListing(store, target);
  const texts = await listedPageTexts(store, target, listing, pageIds);
  return {
    revision: target.revisionId,
    pages: [...texts].map(([page, markdown]) => ({ page, markdown })),
  };
}
