import type { BackgroundWork } from './background-work.js';
import type { BlobStore } from './blobs/blob-store.js';
import type { ServerCaches } from './caches/server-caches.js';
import type { Clock } from './clock.js';
import type { Conversions } from './content/conversions.js';
import type { IdGenerator } from './ids.js';
import type { MarkdownPool } from './parsing/markdown-pool.js';
import type { ReadCache } from './storage/read-cache.js';
import type { Db } from './storage/schema.js';

/** What every handler may use: storage, blobs, the time and new ids. */
export interface ServerContext {
  readonly db: Db;
  /** Reads kept in memory until a table they read is written (tokens, `GET` of a space). */
  readonly reads: ReadCache;
  /**
   * What is kept in memory of immutable content (documents, revisions, trees, listings) and the
   * render state of recently listed spaces, bounded by bytes.
   */
  readonly caches: ServerCaches;
  readonly blobs: BlobStore;
  /** Markdown parses shared by every import (by blob id), so unchanged files are not re-read. */
  readonly conversions: Conversions;
  /** Parses request markdown off the event loop, within budgets. */
  readonly markdown: MarkdownPool;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The background job runner, to look for due jobs at once after queueing one. */
  readonly jobs: { wake(): void };
  /** Work requests start and do not wait for (see {@link BackgroundWork}). */
  readonly later: BackgroundWork;
}
