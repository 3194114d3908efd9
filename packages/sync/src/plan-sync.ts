import { diffTrees, EMPTY_TREE, sameTree, type SyncTree, type TreeChange } from './sync-tree.js';

/** What a sync does: nothing, send the branch, take the space, or merge both. */
export type SyncAction = 'in-sync' | 'push' | 'pull' | 'merge';

/** The trees a plan compares. */
export interface SyncPlanInput {
  /** The last synced tree; undefined when there is none this repository knows. */
  base: SyncTree | undefined;
  /** The branch's tree (empty when the branch does not exist yet). */
  local: SyncTree;
  /** The space's tree. */
  remote: SyncTree;
  /**
   * Last synced tree → branch, when the caller knows it already (a diff of the two commits):
   * with a `remote` that is the `base` tree itself, planning then costs what changed.
   */
  localChanges?: TreeChange[];
}

/** What changed on each side since the last sync, and what to do. */
export interface SyncPlan {
  action: SyncAction;
  /** Last synced tree → branch. */
  localChanges: TreeChange[];
  /** Last synced tree → space. */
  remoteChanges: TreeChange[];
  /** Space → branch: what a push changes in the space (before any merge). */
  pushChanges: TreeChange[];
  /** Branch → space: what a pull changes on the branch (before any merge). */
  pullChanges: TreeChange[];
}

/**
 * Plans a sync. Equal trees are in sync whatever the history says (so running twice does
 * nothing); otherwise the side that changed since the last synced tree wins, and when both did,
 * a three-way merge is needed. Without a known last synced tree the empty tree is the base: a
 * new space takes the branch, an empty branch takes the space. Pure.
 */
export function planSync(input: SyncPlanInput): SyncPlan {
  const base = input.base ?? EMPTY_TREE;
  const localChanges = input.localChanges ?? diffTrees(base, input.local);
  if (input.remote === base) return planFromBase(localChanges);
  const remoteChanges = diffTrees(base, input.remote);
  const pushChanges = diffTrees(input.remote, input.local);
  const pullChanges = diffTrees(input.local, input.remote);
  const action: SyncAction = sameTree(input.local, input.remote)
    ? 'in-sync'
    : remoteChanges.length === 0
      ? 'push'
      : localChanges.length === 0
        ? 'pull'
        : 'merge';
  return { action, localChanges, remoteChanges, pushChanges, pullChanges };
}

const inverse = { added: 'deleted', deleted: 'added', modified: 'modified' } as const;

/**
 * The plan when the space is the last synced tree itself: it changed nothing, so a push makes
 * the local changes and a pull undoes them (what the general case works out file by file).
 */
function planFromBase(localChanges: readonly TreeChange[]): SyncPlan {
  return {
    action: localChanges.length === 0 ? 'in-sync' : 'push',
    localChanges: [...localChanges],
    remoteChanges: [],
    pushChanges: [...localChanges],
    pullChanges: localChanges.map((change) => ({ path: change.path, kind: inverse[change.kind] })),
  };
}
