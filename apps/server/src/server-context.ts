import type { BlobStore } from './blobs/blob-store.js';
import type { Clock } from './clock.js';
import type { IdGenerator } from './ids.js';
import type { Db } from './storage/schema.js';

/** What every handler may use: storage, blobs, the time and new ids. */
export interface ServerContext {
  readonly db: Db;
  readonly blobs: BlobStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}
