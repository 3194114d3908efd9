import type { CountedCache } from '../caches/counted-cache.js';

/** A rendered response of a published site. */
export interface CachedPage {
  status: number;
  body: string;
  contentType: string;
  /** A strong validator of the body (`ETag`). */
  etag: string;
}

/**
 * Rendered pages of published sites, keyed by everything they show: the site's structure and
 * audience stamp (which names the revision of every site space it publishes and the version of
 * every OpenAPI spec of the organization), the page and the path it was asked at. A merge, a new
 * spec version or a change to the site makes new keys, so nothing is stale;
 * old entries leave as the cache needs room.
 */
export interface PublishedCaches {
  publishedPages: CountedCache<string, CachedPage>;
}
