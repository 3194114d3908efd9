import type { GitInfo } from '@docsync/api';
import {
  findMergeBase,
  isAncestor,
  readCommit,
  GitAdapterError,
  type CommitInfo,
  type RepoOptions,
} from '@docsync/git';
import { fetchRemoteTree } from './fetch-remote-tree.js';
import { planSync, type SyncPlan } from './plan-sync.js';
import { readLocalTree } from './read-local-tree.js';
import type { SyncClient } from './sync-client.js';
import type { SyncConfig } from './sync-config.js';
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
  /** Files of the space the service does not serve (see `fetchRemoteTree`). */
  unavailable: string[];
  plan: SyncPlan;
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
 * else the merge base of the two.
 */
export async function readSyncState(context: SyncContext): Promise<SyncState> {
  const { config, client } = context;
  const repo: RepoOptions = { fs: context.fs, dir: context.dir, cache: {} };
  const treeOf = (oid: string) => readLocalTree({ ...repo, oid, path: config.dir });

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
  const local = head === null ? new Map() : await treeOf(head.oid);
  const base = baseCommit === null ? undefined : await treeOf(baseCommit);
  let remote: SyncTree;
  let unavailable: string[] = [];
  if (remoteAtCommit) remote = await treeOf(lastSynced);
  else {
    const fetched = await fetchRemoteTree(client, config.space);
    remote = fetched.tree;
    unavailable = fetched.unavailable;
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
    unavailable,
    plan: planSync({ base, local, remote }),
  };
}
