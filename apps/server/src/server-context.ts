import type { BlobStore } from './blobs/blob-store.js';
import type { Clock } from './clock.js';
import type { IdGenerator } from './ids.js';
import type { ReadCache } from './storage/read-cache.js';
import type { Db } from './storage/schema.js';

/** What every handler may use: storage, blobs, the time and new ids. */
export interface ServerContext {
  readonly db: Db;
  /** Reads kept in memory until a table they read is written (tokens, `GET` of a space). */
  readonly reads: ReadCache;
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}
