import type { RepoOptions } from '@docsync/git';
import { MassDeleteError } from './errors.js';
import { planMassDelete } from './plan-mass-delete.js';
import type { MergeStrategy } from './decide-files.js';
import type { SyncState } from './read-sync-state.js';
import type { SyncResult } from './sync-result.js';
import { diffTrees, isPagePath, type SyncTree, type TreeChange } from './sync-tree.js';

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

/** The repository as git functions take it, with this sync's object cache (what planning read). */
export function repoOf(state: SyncState): RepoOptions {
  return state.trees.repo;
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

/**
 * What sending `tree` changes in the space: the plan's push changes when `tree` is the branch's
 * (already worked out, in proportion to the change), else a diff against the space's tree.
 */
export function changesToSpace(state: SyncState, tree: SyncTree): TreeChange[] {
  return tree === state.local ? state.plan.pushChanges : diffTrees(state.remote, tree);
}

/** Throws {@link MassDeleteError} when sending `tree` would delete too many pages. */
export function guardMassDelete(state: SyncState, tree: SyncTree, options: SyncOptions): void {
  const changes = changesToSpace(state, tree);
  // Only a push that deletes pages needs the guard's count of the space's pages.
  if (!changes.some((change) => change.kind === 'deleted' && isPagePath(change.path))) return;
  const guard = planMassDelete(state.remote, changes);
  if (guard.blocked && options.allowMassDelete !== true)
    throw new MassDeleteError(guard.deleted, guard.total);
}

/**
 * Blob ids the service holds for sure: the files of the base (a state it saw) and of `more`
 * commits it imported (such as a change request's), as far as this repository has them. A push
 * negotiates only the rest, so it asks about what changed rather than about every file.
 */
export async function knownBlobs(
  state: SyncState,
  more: readonly string[] = [],
): Promise<Set<string>> {
  const known = new Set<string>();
  const add = (tree: SyncTree | undefined) => {
    for (const file of tree?.values() ?? []) known.add(file.oid);
  };
  add(state.base);
  for (const oid of more) if (oid !== state.baseCommit) add(await state.trees.ifPresent(oid));
  return known;
}
