import {
  layoutRevision,
  pageTreeFile,
  type RevisionLayout,
  type RevisionPageDocument,
  type TreeFile,
} from '@docsync/core';
import type { CountedCache } from '../caches/counted-cache.js';
import type { StoredRevision } from './stored-revision.js';

/**
 * Revisions' layouts by revision id (where every page, file and include is written, see core's
 * `layoutRevision`), built with the server (`caches/server-caches.ts`). A stored revision never
 * changes, so an entry is never stale; sized by its paths.
 */
export type LayoutCache = CountedCache<string, RevisionLayout>;

/**
 * Pages' files (their markdown) by revision and page id: what a page's markdown read, a
 * `git/tree/pages` read and a listing's fallback render share. Sized by the markdown.
 */
export type PageFileCache = CountedCache<string, TreeFile>;

/** The caches page reads use. */
export interface PageFileCaches {
  readonly layouts: LayoutCache;
  readonly pageFiles: PageFileCache;
}

/** About what a layout holds in memory. */
function layoutBytes(layout: RevisionLayout): number {
  let bytes = 0;
  const { pagePath, filePath, reusablePath } = layout.paths;
  for (const map of [pagePath, filePath, reusablePath, layout.pageDirs])
    for (const [id, path] of map) bytes += 2 * (id.length + path.length) + 64;
  return bytes + 100 * layout.assets.length;
}

/**
 * Keeps `layout` as the layout of revision `revisionId`: one worked out for another revision laid
 * out alike (see `listByDifference`), which saves laying this one out again.
 */
export function keepLayout(
  caches: PageFileCaches,
  revisionId: string,
  layout: RevisionLayout,
): void {
  caches.layouts.set(revisionId, layout, layoutBytes(layout));
}

/**
 * The revision's layout, laid out once per revision and kept. Only for a revision that has pages:
 * an empty one may be a space's reserved first revision, which gets content under its id later.
 */
export function revisionLayout(caches: PageFileCaches, revision: StoredRevision): RevisionLayout {
  const known = caches.layouts.get(revision.id);
  if (known !== undefined) return known;
  const layout = layoutRevision(revision.content, revision.config);
  if (revision.content.pages.length > 0) keepLayout(caches, revision.id, layout);
  return layout;
}

/**
 * A page's file as Git Sync writes it: where core's `revisionToTree` places it in the whole
 * revision's layout (its recorded path, else its parent's folder and its slug, the landing page
 * where `.gitbook.yaml` says), and its markdown. Links, images and includes become paths relative
 * to that file, which depend on where every other page and file lives: the revision's layout,
 * worked out once per revision (see {@link revisionLayout}); only this page is rendered, and only
 * once per revision (kept by revision and page id). The revision passed in only needs this
 * page's document.
 */
export function pageFile(
  caches: PageFileCaches,
  revision: StoredRevision,
  page: RevisionPageDocument,
): TreeFile {
  const key = `${revision.id}\u0000${page.id}`;
  const known = caches.pageFiles.get(key);
  if (known !== undefined) return known;
  const file = pageTreeFile(page, revisionLayout(caches, revision));
  caches.pageFiles.set(key, file, 2 * (file.text?.length ?? 0) + 2 * key.length + 100);
  return file;
}

/**
 * A page as markdown: the file Git Sync writes for it (see {@link pageFile}), so the service and
 * the sync clients agree byte for byte.
 */
export function pageMarkdown(
  caches: PageFileCaches,
  revision: StoredRevision,
  page: RevisionPageDocument,
): string {
  return pageFile(caches, revision, page).text as string;
}
