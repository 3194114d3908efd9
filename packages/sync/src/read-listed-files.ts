import PQueue from 'p-queue';
import type { GitTreeFile } from '@docsync/api';
import {
  BLOB_PACKER_MIN_BYTES,
  BlobPacker,
  ObjectNotFoundError,
  isSyncText,
  missingObjects,
  readBlobBytes,
  type RepoOptions,
} from '@docsync/git';
import { SyncError } from './errors.js';
import type { SyncClient } from './sync-client.js';
import type { ProgressListener } from './sync-progress.js';
import type { SyncFile } from './sync-tree.js';

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
 * The files of a `git/tree` listing with their bytes: read from the repository (when given) where
 * it holds the blob, else fetched from the service in batches (`git/tree/files`: the exact bytes
 * of the listed blob, pages, includes and settings as text, assets as base64). A file the
 * service listed but cannot serve stops the read (`remote-unavailable`), so no tree is ever
 * written without it.
 */
export async function readListedFiles(
  client: SyncClient,
  spaceId: string,
  revision: string,
  listed: readonly GitTreeFile[],
  options: { repo?: RepoOptions | undefined; onProgress?: ProgressListener | undefined } = {},
): Promise<SyncFile[]> {
  const { repo, onProgress } = options;
  // One look at what the repository holds (a first pull's thousand misses cost no read each).
  const absent =
    repo === undefined
      ? undefined
      : await missingObjects({ ...repo, oids: listed.map((file) => file.oid) });
  const local = await new PQueue({ concurrency: REPO_READS }).addAll(
    listed.map(
      (file) => () =>
        repo === undefined || absent?.has(file.oid) !== false
          ? Promise.resolve(undefined)
          : held(repo, file),
    ),
  );
  const missing = listed.filter((_, index) => local[index] === undefined);
  const fetched = new Map<string, SyncFile>();
  const batches: GitTreeFile[][] = [];
  for (let start = 0; start < missing.length; start += FILES_PER_BATCH)
    batches.push(missing.slice(start, start + FILES_PER_BATCH));
  let done = 0;
  // Megabytes of blobs to fetch (a first pull): written into the repository as they arrive (see
  // BlobPacker), so writing the tree later finds them there.
  const missingBytes = missing.reduce((sum, file) => sum + file.size, 0);
  const packer =
    repo !== undefined && missingBytes >= BLOB_PACKER_MIN_BYTES ? new BlobPacker(repo) : undefined;
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
      packer?.add(file.oid, bytes);
      // Text for a text path is kept as it came (the service checked it against the blob id).
      if (file.text !== undefined && isSyncText(file.path))
        fetched.set(file.path, {
          path: file.path,
          oid: file.oid,
          size: file.size,
          text: file.text,
        });
      else fetched.set(file.path, withBytes(file.path, file.oid, bytes));
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
  try {
    await new PQueue({ concurrency: BATCHES }).addAll(
      batches.map((batch) => () => readBatch(batch.map((file) => file.path))),
    );
    await packer?.finish();
  } finally {
    await packer?.close();
  }
  return listed.map((file, index) => local[index] ?? (fetched.get(file.path) as SyncFile));
}
