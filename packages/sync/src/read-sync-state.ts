import type { GitInfo, RevisionType } from '@docsync/api';
import {
  findMergeBase,
  isAncestor,
  readCommit,
  GitAdapterError,
  type CommitInfo,
  type RepoOptions,
} from '@docsync/git';
import { CommitTrees, listingFile } from './commit-trees.js';
import { fetchRemoteTree } from './fetch-remote-tree.js';
import { planSync, type SyncPlan } from './plan-sync.js';
import type { SyncClient } from './sync-client.js';
import type { SyncConfig } from './sync-config.js';
import type { ProgressListener } from './sync-progress.js';
import type { SyncTree } from './sync-tree.js';

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
}

/** The file calls pull makes in the working tree (`node:fs` fits). */
export interface WorkingFs {
  promises: {
    readFile(path: string): Promise<Uint8Array>;
    writeFile(path: string, data: Uint8Array | string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
    unlink(path: string): Promise<void>;
  };
}

/** Everything a push or pull decides on, read from the branch and the space. */
export interface SyncState {
  /** The branch's commit; null when the branch does not exist yet. */
  head: CommitInfo | null;
  /** The branch's tree (trees read from git carry blob ids and sizes, no text). */
  local: SyncTree;
  /** The space's Git Sync state (its revision and the newest synced commit). */
  info: GitInfo;
  /** The commit the space records as last synced, when this repository has it. */
  lastSynced: string | null;
  /** The commit used as the merge base; null when none is known. */
  baseCommit: string | null;
  base: SyncTree | undefined;
  remote: SyncTree;
  /** The commit the space's content is exactly, when this repository has it. */
  remoteCommit: string | null;
  /** The space's revision read from the service (id and how it came to be); null when read from git. */
  remoteRevision: { id: string; type: RevisionType } | null;
  /** Files of the space the service does not serve (see `fetchRemoteTree`). */
  unavailable: string[];
  plan: SyncPlan;
  /** This sync's commit trees and object cache, for the steps after planning to reuse. */
  trees: CommitTrees;
}

async function commitIfPresent(repo: RepoOptions, selector: { ref: string } | { oid: string }) {
  try {
    return await readCommit({ ...repo, ...selector });
  } catch (error) {
    if (error instanceof GitAdapterError) return null;
    throw error;
  }
}

/**
 * Reads both sides and plans the sync. The last synced commit is the one the space records
 * (`git/info`'s `lastSync`): no local state. When the space's content is exactly that commit and
 * the repository has it, the remote tree is read from git (exact bytes, no downloads); otherwise
 * it is fetched from the service. The base is that commit when it is in the branch's history,
 * else the merge base of the two. The branch's tree is listed once; the base and the synced
 * commit are read as diffs from it (`CommitTrees`), so planning a one-page change costs the
 * listing plus the trees on that page's path.
 */
export async function readSyncState(context: SyncContext): Promise<SyncState> {
  const { config, client } = context;
  // Blob ids only (a merge reads texts when it needs them), and each commit once: the base and
  // the remote are often the same commit.
  const trees = new CommitTrees(
    { fs: context.fs, dir: context.dir, cache: {} },
    config.dir,
    listingFile(context.fs, `${context.dir}/.git`),
  );
  const repo = trees.repo;

  const [info, head] = await Promise.all([
    client.api.request('getGitInfo', { params: { spaceId: config.space } }),
    commitIfPresent(repo, { ref: config.branch }),
  ]);
  const lastOid = info.lastSync?.git.oid;
  const lastSynced =
    lastOid !== undefined && (await commitIfPresent(repo, { oid: lastOid })) !== null
      ? lastOid
      : null;

  let baseCommit: string | null = null;
  if (lastSynced !== null && head !== null) {
    baseCommit = (await isAncestor({ ...repo, ancestor: lastSynced, descendant: head.oid }))
      ? lastSynced
      : await findMergeBase({ ...repo, oids: [head.oid, lastSynced] });
  }

  const remoteAtCommit = lastSynced !== null && info.lastSync?.revision === info.revision;
  const local = head === null ? new Map() : await trees.at(head.oid);
  const base = baseCommit === null ? undefined : await trees.at(baseCommit);
  let remote: SyncTree;
  let unavailable: string[] = [];
  let remoteRevision: SyncState['remoteRevision'] = null;
  if (remoteAtCommit) remote = await trees.at(lastSynced);
  else {
    const fetched = await fetchRemoteTree(client, config.space, {
      repo,
      ...(context.progress === undefined ? {} : { onProgress: context.progress }),
    });
    remote = fetched.tree;
    unavailable = fetched.unavailable;
    remoteRevision = { id: fetched.revision.id, type: fetched.revision.type };
  }
  return {
    head,
    local,
    info,
    lastSynced,
    baseCommit,
    base,
    remote,
    remoteCommit: remoteAtCommit ? lastSynced : null,
    remoteRevision,
    unavailable,
    plan: planSync({
      base,
      local,
      remote,
      ...(head === null || baseCommit === null
        ? {}
        : { localChanges: await trees.changes(baseCommit, head.oid) }),
    }),
    trees,
  };
}
