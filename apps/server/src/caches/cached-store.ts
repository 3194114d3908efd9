import type { Db } from '../storage/schema.js';

/** A database with the caches kept of it (a part of the server's, see `server-caches.ts`). */
export interface CachedStore<Caches> {
  readonly db: Db;
  readonly caches: Caches;
}
