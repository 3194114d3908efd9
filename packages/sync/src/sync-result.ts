import type { FileConflict } from './decide-files.js';
import type { SyncPlan } from './plan-sync.js';
import type { SyncState } from './read-sync-state.js';
import type { TreeChange } from './sync-tree.js';

/** How a push or pull ended. */
export type SyncOutcome =
  /** Both sides were already the same (or the branch's change request holds its commit): nothing was done. */
  | 'in-sync'
  /** The branch was sent to its change request, or to the main content (`merge`). */
  | 'pushed'
  /** The space was committed on the branch. */
  | 'pulled'
  /** Both sides changed; the space's changes were merged into the branch (and, by a push, the merge sent). */
  | 'merged'
  /**
   * Both sides changed the same lines: the merge waits in the working tree with conflict
   * markers (git's MERGE_HEAD), nothing was sent.
   */
  | 'conflicts'
  /** Push found only remote changes (run pull), or pull found only local ones (run push). */
  | 'nothing-to-do';

/** The change request a push sent the branch to. */
export interface PushedChangeRequest {
  id: string;
  number: number;
  subject: string;
  /** `draft` (not yet asking for review: the service lists it under drafts) or `open`. */
  status: string;
  /** Where to read it: the change request's API address (`urls.location`), which answers with the token. */
  url: string;
  /** This push opened it (or filled the empty one an interrupted push had opened). */
  opened: boolean;
}

/** What a push or pull did (or, with `dryRun`, would do). */
export interface SyncResult {
  outcome: SyncOutcome;
  dryRun: boolean;
  plan: SyncPlan;
  /** The files the operation changes in the space (push, merge). */
  remoteChanges: TreeChange[];
  /** The files the operation changes on the branch (pull, merge). */
  localChanges: TreeChange[];
  /**
   * Files a push sent that the space does not read, so they stay in git only: outside the docs
   * root's `.gitbook/assets/` and `.gitbook/includes/`, or pages no SUMMARY.md lists (see
   * `changesBySpace`). Not in `remoteChanges`.
   */
  keptInGitOnly?: TreeChange[];
  /** The commit written on the branch, if any. */
  commit?: string;
  /** The commit the space now records, if anything was sent. */
  pushedCommit?: string;
  /** Blobs and bytes uploaded. */
  uploaded?: { blobs: number; bytes: number };
  /** The branch's change request (push without `merge`); absent when a dry run would open one. */
  changeRequest?: PushedChangeRequest;
  /**
   * The branch's change request a `push --merge` archived: the main content has its commits
   * now, so merging it would only apply older changes again.
   */
  archivedChangeRequest?: PushedChangeRequest;
  /**
   * What went wrong after the sync itself succeeded (archiving a superseded change request):
   * worth telling, not worth failing a sync whose content already landed.
   */
  warnings?: string[];
  /** Files both sides changed that need a person (written with conflict markers). */
  conflicts: FileConflict[];
  /**
   * The branch (after a pull's merge, or as a push found it) differs from the space only in files
   * the service does not read (a LICENSE, docsync.json, a page SUMMARY.md does not list): recorded
   * as in sync, nothing to push.
   */
  nothingToPush?: true;
}

/** A result that changed nothing yet: the plan and what the service could not serve. */
export function emptyResult(state: SyncState, dryRun: boolean): Omit<SyncResult, 'outcome'> {
  return {
    dryRun,
    plan: state.plan,
    remoteChanges: [],
    localChanges: [],
    conflicts: [],
  };
}
