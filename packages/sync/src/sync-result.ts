import type { RevisionConflict } from '@docsync/core';
import type { SyncPlan } from './plan-sync.js';
import type { TreeChange } from './sync-tree.js';

/** How a push or pull ended. */
export type SyncOutcome =
  /** Both sides were already the same: nothing was done. */
  | 'in-sync'
  /** The branch was sent to the space. */
  | 'pushed'
  /** The space was committed on the branch. */
  | 'pulled'
  /** Both sides changed; the merge was committed on the branch and sent to the space. */
  | 'merged'
  /** Both sides changed the same thing; nothing was changed. */
  | 'conflicts'
  /** Push found only remote changes (run pull), or pull found only local ones (run push). */
  | 'nothing-to-do';

/** What a push or pull did (or, with `dryRun`, would do). */
export interface SyncResult {
  outcome: SyncOutcome;
  dryRun: boolean;
  plan: SyncPlan;
  /** The files the operation changes in the space (push, merge). */
  remoteChanges: TreeChange[];
  /** The files the operation changes on the branch (pull, merge). */
  localChanges: TreeChange[];
  /** The commit written on the branch, if any. */
  commit?: string;
  /** The commit the space now records, if anything was sent. */
  pushedCommit?: string;
  /** Blobs and bytes uploaded. */
  uploaded?: { blobs: number; bytes: number };
  conflicts: RevisionConflict[];
  /** Files of the space the service does not serve (so pull could not write them). */
  unavailable: string[];
}
