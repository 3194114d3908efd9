import PQueue from 'p-queue';
import { gitBlobId } from '@docsync/core';
import { BlobMismatchError, MissingContentError, ObjectNotFoundError } from './errors.js';
import { objectStoreFor } from './object-store.js';
import type { FileMode } from './read-commit-tree.js';
import type { RepoArgs } from './repo-options.js';

/**
 * A file to write into a tree: its content as `text` or `bytes`, or only the `oid` of a blob the
 * repository already has (an unchanged asset) or that `readMissingBlob` can supply. A core
 * {@link TreeFile} fits as is.
 */
export type WriteFileInput = {
  path: string;
  /** Default `100644`. */
  mode?: FileMode;
} & ({ text: string; bytes?: never } | { bytes: Uint8Array; text?: never } | { oid: string });

/** Supplies the bytes of a blob the repository lacks (downloaded from the service, say). */
export type ReadMissingBlob = (file: { path: string; oid: string }) => Promise<Uint8Array>;

/** A file whose blob is now in the repository. */
export interface WrittenFile {
  path: string;
  mode: FileMode;
  oid: string;
}

const encoder = new TextEncoder();
/** Missing blobs read through `readMissingBlob` at once. */
const concurrency = 16;

/**
 * Makes sure every file's blob is in the repository, writing only blobs it does not have yet
 * (loose or packed): re-writing an unchanged tree writes no blob. Many new blobs (a first pull)
 * go into one pack, not a loose file each (see `ObjectStore.writeMissing`).
 */
export async function writeBlobs(
  args: RepoArgs,
  files: readonly WriteFileInput[],
  readMissingBlob?: ReadMissingBlob,
): Promise<WrittenFile[]> {
  const store = objectStoreFor(args.fs, args.gitdir, args.cache);
  const hashed = files.map((file) => {
    const bytes = contentOf(file);
    const oid = bytes === undefined ? ('oid' in file ? file.oid : undefined) : gitBlobId(bytes);
    if (oid === undefined) throw new MissingContentError(file.path);
    return { path: file.path, mode: file.mode ?? '100644', oid, bytes };
  });
  const absent = await store.missing(hashed.map((file) => file.oid));
  const toWrite = hashed.filter((file) => absent.has(file.oid));
  const blobs = await new PQueue({ concurrency }).addAll(
    toWrite.map((file) => async () => {
      if (file.bytes !== undefined)
        return { oid: file.oid, type: 'blob' as const, body: file.bytes };
      if (!readMissingBlob) throw new ObjectNotFoundError(file.oid, { path: file.path });
      const bytes = await readMissingBlob({ path: file.path, oid: file.oid });
      const actual = gitBlobId(bytes);
      if (actual !== file.oid) throw new BlobMismatchError(file.path, file.oid, actual);
      return { oid: file.oid, type: 'blob' as const, body: bytes };
    }),
  );
  await store.writeMissing(blobs);
  return hashed.map((file) => ({ path: file.path, mode: file.mode, oid: file.oid }));
}

function contentOf(file: WriteFileInput): Uint8Array | undefined {
  // Read loosely: JavaScript callers may pass a file with `text` or `bytes` set to undefined.
  const { bytes, text } = file as { bytes?: Uint8Array; text?: string };
  return bytes ?? (text === undefined ? undefined : encoder.encode(text));
}
