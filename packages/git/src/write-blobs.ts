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
/** Blob writes in flight at once. */
const concurrency = 16;

/**
 * Makes sure every file's blob is in the repository, writing only blobs it does not have yet
 * (loose or packed): re-writing an unchanged tree writes no blob.
 */
export async function writeBlobs(
  args: RepoArgs,
  files: readonly WriteFileInput[],
  readMissingBlob?: ReadMissingBlob,
): Promise<WrittenFile[]> {
  const store = objectStoreFor(args.fs, args.gitdir, args.cache);
  return new PQueue({ concurrency }).addAll(
    files.map((file) => async () => {
      const mode = file.mode ?? '100644';
      let bytes = contentOf(file);
      const oid = bytes === undefined ? ('oid' in file ? file.oid : undefined) : gitBlobId(bytes);
      if (oid === undefined) {
        throw new MissingContentError(file.path);
      }
      if (await store.has(oid)) return { path: file.path, mode, oid };
      if (bytes === undefined) {
        if (!readMissingBlob) throw new ObjectNotFoundError(oid, { path: file.path });
        bytes = await readMissingBlob({ path: file.path, oid });
        const actual = gitBlobId(bytes);
        if (actual !== oid) throw new BlobMismatchError(file.path, oid, actual);
      }
      await store.write('blob', bytes);
      return { path: file.path, mode, oid };
    }),
  );
}

function contentOf(file: WriteFileInput): Uint8Array | undefined {
  // Read loosely: JavaScript callers may pass a file with `text` or `bytes` set to undefined.
  const { bytes, text } = file as { bytes?: Uint8Array; text?: string };
  return bytes ?? (text === undefined ? undefined : encoder.encode(text));
}
