import type { GitTree } from '@docsync/api';
import type { RepoOptions } from '@docsync/git';
import { readListedFiles } from './read-listed-files.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import type { SyncPoint } from './sync-points.js';
import { toSyncTree, type SyncTree } from './sync-tree.js';

/** The space's side of a sync. */
export interface RemoteSide {
  /** The revision read. */
  revision: string;
  /**
   * The space's tree: the base tree with the space's changes since the base revision applied
   * (so files the service does not model, and pages it did not change, keep the base's bytes);
   * without a base, every file the service writes for the revision.
   */
  tree: SyncTree;
}

/**
 * Reads the space's side: with a base, only what the service changed since the base revision
 * (`git/tree?since=`), applied to the base tree, and nothing at all when the space is still at
 * that revision; without a base, the whole listing. Bytes come
 * from the repository where it has the blob, else from the service.
 */
export async function readRemoteSide(
  client: SyncClient,
  spaceId: string,
  options: {
    repo: RepoOptions;
    base: { point: Pick<SyncPoint, 'revision'>; tree: SyncTree } | null;
    /** The space's revision as `git/info` answered it, read just before. */
    currentRevision?: string;
    onProgress?: ProgressListener;
  },
): Promise<RemoteSide> {
  const { base, repo } = options;
  // The space is still at the base's revision (git/info said so): nothing to read.
  if (base !== null && base.point.revision === options.currentRevision)
    return { revision: base.point.revision, tree: base.tree };
  const listing: GitTree = await client.api.request('getGitTree', {
    params: { spaceId },
    query: base === null ? {} : { since: base.point.revision },
  });
  const files = await readListedFiles(client, spaceId, listing.revision, listing.files, {
    repo,
    onProgress: options.onProgress,
  });
  if (base === null) return { revision: listing.revision, tree: toSyncTree(files) };
  if (files.length === 0 && (listing.deleted ?? []).length === 0)
    return { revision: listing.revision, tree: base.tree };
  const tree = new Map(base.tree);
  for (const path of listing.deleted ?? []) tree.delete(path);
  for (const file of files) tree.set(file.path, file);
  return { revision: listing.revision, tree };
}
