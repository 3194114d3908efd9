import type { RepoOptions } from '@docsync/git';
import { readListedFiles } from './read-listed-files.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import { toSyncTree, type SyncTree } from './sync-tree.js';

/** The space's current content as a docs tree. */
export interface RemoteTree {
  /** The revision read. */
  revision: string;
  tree: SyncTree;
}

/** Options of {@link fetchRemoteTree}. */
export interface FetchRemoteTreeOptions {
  /** Told of each file fetched from the service. */
  onProgress?: ProgressListener;
  /**
   * The repository the tree is for: files whose blobs it holds are read from it, not fetched
   * (the service's `git/tree` listing names each file's blob id).
   */
  repo?: RepoOptions;
}

/**
 * Fetches the space's current content as exactly the files Git Sync writes, as `pull` reads the
 * space: the service's `git/tree` listing (pages as the service renders them, SUMMARY.md,
 * reusable content under `.gitbook/includes/`, `.gitbook.yaml` and `.gitbook/vars.yaml`, assets),
 * and each file's bytes from the repository when it holds the blob, else from `git/tree/files`
 * in batches. An empty revision (a new space) is the empty tree. `onProgress` hears of each file
 * fetched.
 */
export async function fetchRemoteTree(
  client: SyncClient,
  spaceId: string,
  options: FetchRemoteTreeOptions = {},
): Promise<RemoteTree> {
  const listing = await client.api.request('getGitTree', { params: { spaceId } });
  const files = await readListedFiles(client, spaceId, listing.revision, listing.files, options);
  return { revision: listing.revision, tree: toSyncTree(files) };
}
