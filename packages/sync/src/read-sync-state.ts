import type { GitInfo } from '@docsync/api';
import { readCommit, GitAdapterError, type CommitInfo, type RepoOptions } from '@docsync/git';
import { CommitTrees, listingFile } from './commit-trees.js';
import { readPendingMerge, type PendingMerge } from './merge-state.js';
import { planSync, type SyncPlan } from './plan-sync.js';
import { readRemoteSide } from './read-remote-side.js';
import type { SyncClient } from './sync-client.js';
import type { SyncConfig } from './sync-config.js';
import { findSyncBase, type SyncPoint } from './sync-points.js';
import type { ProgressListener } from './sync-progress.js';
import { EMPTY_TREE, type SyncTree } from './sync-tree.js';

/** The repository, the config and the service one sync works on. */
export interface SyncContext {
  /** `node:fs` (isomorphic-git's file system plus `promises` for the working tree). */
  fs: RepoOptions['fs'] & WorkingFs;
  /** The repository's working directory. */
  dir: string;
  config: SyncConfig;
  client: SyncClient;
  /** The clock commit times come from. Default `() => new Date()`. */
  now?: () => Date;
  /** Told how long steps advance (pages fetched, blobs uploaded); the CLI draws it on a TTY. */
  progress?: ProgressListener;
  /**
   * The git object cache the sync reads through (`RepoOptions.cache`: the packs and pack indexes
   * it opened). Default a fresh one, dropped with the sync; the daemon passes one it keeps in its
   * bounded cache between cycles of the same repository.
   */
  cache?: object;
}

/** The file calls a sync makes in the working tree and `.git` (`node:fs` fits). */
export interface WorkingFs {
  promises: {
    readFile(path: string): Promise<Uint8Array>;
    writeFile(path: string, data: Uint8Array | string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
    unlink(path: string): Promise<void>;
  };
}

/** Everything a push or pull decides on, read from the branch and the space. Reading changes nothing. */
export interface SyncState {
  /** The branch's commit; null when the branch does not exist yet. */
  head: CommitInfo | null;
  /** The branch's tree (trees read from git carry blob ids and sizes, no text). */
  local: SyncTree;
  /** The space's Git Sync state (its revision and the newest sync point). */
  info: GitInfo;
  /** The state both sides saw last (see `findSyncBase`); null when there is none. */
  basePoint: SyncPoint | null;
  /** The base commit (`basePoint.commit`), or null. */
  baseCommit: string | null;
  /** The base commit's tree; empty without a base. */
  base: SyncTree;
  /** The space's tree: the base with the space's changes since applied (see `readRemoteSide`). */
  remote: SyncTree;
  /** The revision `remote` is. */
  remoteRevision: string;
  /** The commit whose tree `remote` is exactly (the base, when the space changed nothing since); else null. */
  remoteCommit: string | null;
  plan: SyncPlan;
  /** A merge with the space left for the person to resolve, if one is in progress. */
  pending: PendingMerge | null;
  /** This sync's commit trees and object cache, for the steps after planning to reuse. */
  trees: CommitTrees;
}

async function commitIfPresent(repo: RepoOptions, ref: string) {
  try {
    return await readCommit({ ...repo, ref });
  } catch (error) {
    if (error instanceof GitAdapterError) return null;
    throw error;
  }
}

/**
 * Reads both sides and plans the sync (the plan step: nothing is written). The base is the
 * newest sync point in the branch's history (`findSyncBase`); local changes are the branch's
 * since its commit, the space's changes are what the service changed since its revision, applied
 * to its tree (`readRemoteSide`). The branch's tree is listed once and every other commit read as
 * a diff from it (`CommitTrees`).
 */
export async function readSyncState(context: SyncContext): Promise<SyncState> {
  const { config, client } = context;
  const trees = new CommitTrees(
    { fs: context.fs, dir: context.dir, cache: context.cache ?? {} },
    config.dir,
    listingFile(context.fs, `${context.dir}/.git`),
  );
  const repo = trees.repo;
  const [info, head, pending] = await Promise.all([
    client.api.request('getGitInfo', { params: { spaceId: config.space } }),
    commitIfPresent(repo, config.branch),
    readPendingMerge(context),
  ]);
  const basePoint = await findSyncBase(client, config.space, repo, head?.oid ?? null);
  const local = head === null ? EMPTY_TREE : await trees.at(head.oid);
  const base = basePoint === null ? EMPTY_TREE : await trees.at(basePoint.commit);
  const remote = await readRemoteSide(client, config.space, {
    repo,
    base: basePoint === null ? null : { point: basePoint, tree: base },
    currentRevision: info.revision,
    ...(context.progress === undefined ? {} : { onProgress: context.progress }),
  });
  return {
    head,
    local,
    info,
    basePoint,
    baseCommit: basePoint?.commit ?? null,
    base,
    remote: remote.tree,
    remoteRevision: remote.revision,
    remoteCommit: basePoint !== null && remote.tree === base ? basePoint.commit : null,
    plan: planSync({
      base: basePoint === null ? undefined : base,
      local,
      remote: remote.tree,
      ...(head === null || basePoint === null
        ? {}
        : { localChanges: await trees.changes(basePoint.commit, head.oid) }),
    }),
    pending,
    trees,
  };
}

/** The repository as git functions take it, with this sync's object cache (what planning read). */
export function repoOf(state: SyncState): RepoOptions {
  return state.trees.repo;
}
