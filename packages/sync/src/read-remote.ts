import type { GitTree, GitTreeFile } from '@docsync/api';
import { ObjectNotFoundError, isSyncText, readBlobBytes, type RepoOptions } from '@docsync/git';
import { SyncError } from './errors.js';
import { mapLimited } from './fetch-remote-tree.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import type { SyncPoint } from './sync-points.js';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

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

/** Paths per `git/tree/files` request. */
const FILES_PER_BATCH = 200;
/** Batch requests at once. */
const BATCHES = 4;
/** Blob reads from the repository at once. */
const REPO_READS = 32;

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

function withBytes(path: string, oid: string, bytes: Uint8Array): SyncFile {
  if (isSyncText(path))
    try {
      return { path, oid, size: bytes.byteLength, text: decoder.decode(bytes) };
    } catch {
      // not UTF-8: an asset after all
    }
  return { path, oid, size: bytes.byteLength, bytes };
}

async function held(repo: RepoOptions, file: GitTreeFile): Promise<SyncFile | undefined> {
  try {
    return withBytes(file.path, file.oid, await readBlobBytes({ ...repo, oid: file.oid }));
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The files of a listing with their bytes: read from the repository when it holds the blob,
 * else fetched from the service in batches (`git/tree/files`, exact bytes of the listed blob).
 */
async function filesOf(
  client: SyncClient,
  spaceId: string,
  revision: string,
  listed: readonly GitTreeFile[],
  repo: RepoOptions,
  onProgress?: ProgressListener,
): Promise<SyncFile[]> {
  const local = await mapLimited(listed, REPO_READS, (file) => held(repo, file));
  const missing = listed.filter((_, index) => local[index] === undefined);
  const fetched = new Map<string, SyncFile>();
  const batches: GitTreeFile[][] = [];
  for (let start = 0; start < missing.length; start += FILES_PER_BATCH)
    batches.push(missing.slice(start, start + FILES_PER_BATCH));
  let done = 0;
  const readBatch = async (paths: string[]): Promise<void> => {
    const read = await client.api.request('getGitTreeFiles', {
      params: { spaceId },
      body: { paths, revision },
    });
    for (const file of read.files) {
      const bytes =
        file.text !== undefined
          ? encoder.encode(file.text)
          : Uint8Array.from(Buffer.from(file.base64 ?? '', 'base64'));
      fetched.set(file.path, withBytes(file.path, file.oid, bytes));
    }
    done += read.files.length;
    onProgress?.({ phase: 'fetch', done, total: missing.length });
    if (read.missing.length > 0)
      throw new SyncError(
        'remote-unavailable',
        `the service listed but could not serve ${read.missing.join(', ')} of revision ${revision}; nothing was changed, run it again`,
      );
    // An answer that reached its size limit names what it left for another request.
    if (read.deferred !== undefined && read.deferred.length > 0) await readBatch(read.deferred);
  };
  await mapLimited(batches, BATCHES, (batch) => readBatch(batch.map((file) => file.path)));
  return listed.map((file, index) => local[index] ?? (fetched.get(file.path) as SyncFile));
}

/**
 * Reads the space's side: with a base, only what the service changed since the base revision
 * (`git/tree?since=`), applied to the base tree; without one, the whole listing. Bytes come
 * from the repository where it has the blob, else from the service.
 */
export async function readRemoteSide(
  client: SyncClient,
  spaceId: string,
  options: {
    repo: RepoOptions;
    base: { point: SyncPoint; tree: SyncTree } | null;
    onProgress?: ProgressListener;
  },
): Promise<RemoteSide> {
  const { base, repo } = options;
  const listing: GitTree = await client.api.request('getGitTree', {
    params: { spaceId },
    query: base === null ? {} : { since: base.point.revision },
  });
  const files = await filesOf(
    client,
    spaceId,
    listing.revision,
    listing.files,
    repo,
    options.onProgress,
  );
  if (base === null) return { revision: listing.revision, tree: toSyncTree(files) };
  if (files.length === 0 && (listing.deleted ?? []).length === 0)
    return { revision: listing.revision, tree: base.tree };
  const tree = new Map(base.tree);
  for (const path of listing.deleted ?? []) tree.delete(path);
  for (const file of files) tree.set(file.path, file);
  return { revision: listing.revision, tree };
}
