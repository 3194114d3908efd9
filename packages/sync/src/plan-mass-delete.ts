import { isPagePath, type TreeChange, type SyncTree } from './sync-tree.js';

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
