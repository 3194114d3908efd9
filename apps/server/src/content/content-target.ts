import type { RevisionGit } from '@docsync/api';
import type { RevisionContent } from '@docsync/core';
import type { Clock } from '../clock.js';
import type { IdGenerator } from '../ids.js';
import type { Db } from '../storage/schema.js';
import type { RevisionStore } from './revision-caches.js';
import type { LoadOptions, StoredRevision } from './stored-revision.js';
import type { WrittenRevision } from './write-revision.js';

/** A revision just written, as what follows its target sees it. */
export interface FollowedRevision {
  id: string;
  /** The revision it was written on (the target's previous one). */
  parentId: string;
  content: RevisionContent;
  /** What was stored: all page rows, and which pages changed since the parent. */
  written: WrittenRevision;
}

/**
 * Content whose revision moves forward: a space's main content or a change request. Both hold
 * the id of their current revision in one row and move it only by compare-and-swap.
 */
export interface ContentTarget {
  /** The space the revisions are written in. */
  readonly spaceId: string;
  /** What the target is, for messages (`the space`, `change request #3`). */
  readonly label: string;
  /** Reads the current revision afresh (throws when the target can no longer be written). */
  current(store: RevisionStore, options?: LoadOptions): Promise<StoredRevision>;
  /** Moves the target from revision `from` to `to`; false when it is no longer at `from`. */
  move(trx: Db, move: { from: string; to: string; now: string }): Promise<boolean>;
  /**
   * What follows the target's revision, in the transaction that moves it, once the revision is
   * written (a space's search index). Optional.
   */
  follow?(trx: RevisionStore, revision: FollowedRevision): Promise<void>;
  /**
   * Queues the integration events the move tells of (a space's `space_content_updated`), in
   * the transaction that moves it; how many were queued. Optional.
   */
  announce?(
    trx: Db,
    revisionId: string,
    options: { clock: Clock; ids: IdGenerator },
  ): Promise<number>;
  /**
   * Records that a commit holds the content of a revision just written, in its transaction: a
   * space's main content keeps sync points (see `content/sync-points.ts`); a change request's
   * imports are recorded when it is merged. Optional.
   */
  recordSyncPoint?(
    trx: Db,
    point: { git: RevisionGit; revisionId: string; now: string },
  ): Promise<void>;
}
