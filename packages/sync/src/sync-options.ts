import type { MergeStrategy } from './decide-files.js';

/** Options of `push` and `pull`. */
export interface SyncOptions {
  /** Plan only: change nothing on either side. */
  dryRun?: boolean;
  /** Let a push delete more than half of the space's pages. */
  allowMassDelete?: boolean;
  /** Push into the space's main content instead of the branch's change request (`--merge`). */
  merge?: boolean;
  /** The branch to push. Default: docsync.json's `branch`. Pull always takes that one. */
  branch?: string;
  /**
   * Settle what both sides changed differently by taking the branch's side (`ours`) or the
   * space's (`theirs`), instead of leaving conflict markers for a person.
   */
  strategy?: MergeStrategy;
}
