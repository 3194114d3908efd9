import type { CachedStore } from '../caches/cached-store.js';
import type { CountedCache } from '../caches/counted-cache.js';
import type { DocumentCaches } from './content-documents.js';
import type { RevisionRows, StoredRevision } from './stored-revision.js';

/** About what a page or file row holds in memory beyond its text (for the caches' sizes). */
export const ROW_BYTES = 200;

/**
 * Revisions' rows by id, built with the server (`caches/server-caches.ts`): revisions are written
 * once and never changed, so an entry is never stale. Sized by the rows' text.
 */
export type RevisionRowsCache = CountedCache<string, RevisionRows>;

/** Revisions' shared page trees by id (see `LoadOptions.shared`), sized by their pages. */
export type SharedRevisionCache = CountedCache<string, StoredRevision>;

/** The caches reads of revisions use. */
export interface RevisionCaches extends DocumentCaches {
  readonly revisionRows: RevisionRowsCache;
  readonly sharedRevisions: SharedRevisionCache;
}

/** A database with the revisions and documents kept of it. */
export type RevisionStore = CachedStore<RevisionCaches>;
