import { GitAdapterError, type RepoOptions } from '@docsync/git';
import { MassDeleteError } from './errors.js';
import { mergeTrees, pathsChangedOnBothSides, type TreeMerge } from './merge-trees.js';
import { planMassDelete } from './plan-mass-delete.js';
import { readLocalTree } from './read-local-tree.js';
import type { SyncContext, SyncState } from './read-sync-state.js';
import { readTreeTexts } from './read-tree-texts.js';
import type { SyncResult } from './sync-result.js';
import { diffTrees, EMPTY_TREE, type SyncTree } from './sync-tree.js';

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
   * Pull: when both sides changed, merge (and send the merge to the space) only if the branch is
   * still at this commit; otherwise do nothing (`nothing-to-do`). For a caller that checked what
   * the merge would send, such as the daemon keeping unreviewed commits out of the main content.
   */
  expectedHead?: string;
}

/** The repository as git functions take it, with an object cache for this sync. */
export function repoOf(context: SyncContext): RepoOptions {
  return { fs: context.fs, dir: context.dir, cache: {} };
}

/** A result that changed nothing yet: the plan and what the service could not serve. */
export function emptyResult(state: SyncState, dryRun: boolean): Omit<SyncResult, 'outcome'> {
  return {
    dryRun,
    plan: state.plan,
    remoteChanges: [],
    localChanges: [],
    conflicts: [],
    unavailable: state.unavailable,
  };
}

/** Throws {@link MassDeleteError} when sending `tree` would delete too many pages. */
export function guardMassDelete(state: SyncState, tree: SyncTree, options: SyncOptions): void {
  const guard = planMassDelete(state.remote, diffTrees(state.remote, tree));
  if (guard.blocked && options.allowMassDelete !== true)
    throw new MassDeleteError(guard.deleted, guard.total);
}

async function treeIfPresent(context: SyncContext, oid: string): Promise<SyncTree | undefined> {
  try {
    return await readLocalTree({
      ...repoOf(context),
      oid,
      path: context.config.dir,
      text: false,
    });
  } catch (error) {
    if (error instanceof GitAdapterError) return undefined;
    throw error;
  }
}

/**
 * Blob ids the service holds for sure: the files of commits it imported (the space's last
 * synced commit, and `more` such as a change request's), as far as this repository has them. A
 * push negotiates only the rest, so it asks about what changed rather than about every file.
 */
export async function knownBlobs(
  context: SyncContext,
  state: SyncState,
  more: readonly string[] = [],
): Promise<Set<string>> {
  const known = new Set<string>();
  const add = (tree: SyncTree | undefined) => {
    for (const file of tree?.values() ?? []) known.add(file.oid);
  };
  const synced = state.lastSynced;
  if (synced !== null)
    add(
      state.remoteCommit === synced
        ? state.remote
        : state.baseCommit === synced
          ? state.base
          : await treeIfPresent(context, synced),
    );
  for (const oid of more) if (oid !== synced) add(await treeIfPresent(context, oid));
  return known;
}

/**
 * Three-way merge of the branch and the space against the last synced tree (`mergeTrees`),
 * reading the texts of the trees from git first when some file changed on both sides.
 */
export async function mergeBranchAndSpace(
  context: SyncContext,
  state: SyncState,
): Promise<TreeMerge> {
  const sides = { base: state.base ?? EMPTY_TREE, ours: state.local, theirs: state.remote };
  const texts = pathsChangedOnBothSides(sides).length > 0;
  const repo = repoOf(context);
  const read = (tree: SyncTree) => (texts ? readTreeTexts(repo, tree) : tree);
  return mergeTrees({
    base: await read(sides.base),
    ours: await read(sides.ours),
    theirs: await read(sides.theirs),
    idNamespace: context.config.space,
  });
}
