import { MassDeleteError } from './errors.js';
import type { SyncState } from './read-sync-state.js';
import type { SyncOptions } from './sync-options.js';
import { diffTrees, isPagePath, type TreeChange, type SyncTree } from './sync-tree.js';

/**
 * The share of the space's pages a push may delete without `--allow-mass-delete`: more than
 * half stops it. An emptied space, a wrong `dir` or a branch mix-up delete most pages at once;
 * ordinary restructuring rarely deletes half. A space of one page cannot lose it silently either.
 */
export const MASS_DELETE_SHARE = 0.5;

/** How many pages a push deletes, out of how many, and whether the guard stops it. */
export interface MassDeletePlan {
  deleted: number;
  total: number;
  blocked: boolean;
}

/** Applies the mass-deletion guard to the changes a push makes to the remote tree. Pure. */
export function planMassDelete(remote: SyncTree, changes: readonly TreeChange[]): MassDeletePlan {
  const total = [...remote.keys()].filter(isPagePath).length;
  const deleted = changes.filter((c) => c.kind === 'deleted' && isPagePath(c.path)).length;
  return { deleted, total, blocked: total > 0 && deleted / total > MASS_DELETE_SHARE };
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
