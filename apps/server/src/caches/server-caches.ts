import type { RevisionCaches } from '../content/revision-caches.js';
import type { StoredTreeCaches } from '../content/stored-tree.js';
import type { PageFileCaches } from '../content/page-markdown.js';
import type { GitTreeCaches } from '../git-tree/git-tree-listing.js';
import type { SpecCaches } from '../openapi-specs/stored-specs.js';
import type { PublishedCaches } from '../published/published-page-cache.js';
import type { SiteIndexCaches } from '../published/site-index.js';
import { CountedCache, type CacheBounds, type ReportsCacheStats } from './counted-cache.js';

/**
 * The in-process caches of one server, built by `createServer` and reached through its context:
 * two servers in one process (tests, benchmarks) share none, and a new server starts with none,
 * as a restart would. Every entry is named by something immutable (a hash, a revision id) except
 * the render states, which are a space's memory of its last listing: none can be stale, so
 * nothing needs invalidating across instances (the read cache, which can, follows the database's
 * change feed, see `storage/read-cache.ts`).
 */
export interface ServerCaches
  extends
    RevisionCaches,
    StoredTreeCaches,
    GitTreeCaches,
    PageFileCaches,
    SpecCaches,
    PublishedCaches,
    SiteIndexCaches {}

/** The names of the caches, as `/metrics` labels them. */
export type CacheName = keyof ServerCaches;

const MiB = 1024 * 1024;

/**
 * The default bounds: the entry counts the caches always had, and a bound on the approximate bytes
 * (string lengths and a per-row allowance) of each that a space of 10,000 pages stays within.
 */
export const DEFAULT_CACHE_BOUNDS: Readonly<Record<CacheName, CacheBounds>> = {
  documents: { maxEntries: 20_000, maxBytes: 256 * MiB },
  revisionRows: { maxEntries: 16, maxBytes: 256 * MiB },
  sharedRevisions: { maxEntries: 4, maxBytes: 64 * MiB },
  storedTrees: { maxEntries: 8, maxBytes: 64 * MiB },
  listings: { maxEntries: 8, maxBytes: 64 * MiB },
  renderStates: { maxEntries: 4, maxBytes: 256 * MiB },
  layouts: { maxEntries: 16, maxBytes: 64 * MiB },
  pageFiles: { maxEntries: 50_000, maxBytes: 128 * MiB },
  openApiSpecs: { maxEntries: 32, maxBytes: 64 * MiB },
  publishedPages: { maxEntries: 20_000, maxBytes: 128 * MiB },
  siteIndexes: { maxEntries: 64, maxBytes: 64 * MiB },
};

/** A server's caches, each with its bounds from `bounds` or {@link DEFAULT_CACHE_BOUNDS}. */
export function createServerCaches(
  bounds: Partial<Record<CacheName, CacheBounds>> = {},
): ServerCaches {
  const cache = <V extends object>(name: CacheName) =>
    new CountedCache<string, V>(name, bounds[name] ?? DEFAULT_CACHE_BOUNDS[name]);
  return {
    documents: cache('documents'),
    revisionRows: cache('revisionRows'),
    sharedRevisions: cache('sharedRevisions'),
    storedTrees: cache('storedTrees'),
    listings: cache('listings'),
    renderStates: cache('renderStates'),
    layouts: cache('layouts'),
    pageFiles: cache('pageFiles'),
    openApiSpecs: cache('openApiSpecs'),
    publishedPages: cache('publishedPages'),
    siteIndexes: cache('siteIndexes'),
  };
}

/** Every cache of `caches`, to report. */
export function cachesOf(caches: ServerCaches): ReportsCacheStats[] {
  return [
    caches.documents,
    caches.revisionRows,
    caches.sharedRevisions,
    caches.storedTrees,
    caches.listings,
    caches.renderStates,
    caches.layouts,
    caches.pageFiles,
    caches.openApiSpecs,
    caches.publishedPages,
    caches.siteIndexes,
  ];
}
