import git from 'isomorphic-git';
import { ObjectNotFoundError } from './errors.js';
import { objectStoreFor } from './object-store.js';
import { isoCode } from './read-commit.js';
import { isoArgs, type RepoOptions } from './repo-options.js';

/** Options for {@link readBlobBytes}. */
export interface ReadBlobBytesOptions extends RepoOptions {
  oid: string;
}

/** The bytes of a blob: an asset to upload, a page to re-read. */
export async function readBlobBytes(options: ReadBlobBytesOptions): Promise<Uint8Array> {
  const args = isoArgs(options);
  const stored = await objectStoreFor(args.fs, args.gitdir, args.cache).read(options.oid);
  if (stored?.type === 'blob') return plain(stored.body);
  try {
    const { blob } = await git.readBlob({ ...args, oid: options.oid });
    return plain(blob);
  } catch (error) {
    const code = isoCode(error);
    if (code === 'NotFoundError' || code === 'ObjectTypeError') {
      throw new ObjectNotFoundError(options.oid, { cause: error });
    }
    throw error;
  }
}

/**
 * The ids of `oids` the repository lacks, asked in one go: one listing of the pack directory
 * and of the loose-object folders, then, for ids no pack holds, a stat each where a folder could
 * hold the object (a listing of each such folder when there are many). What a first pull asks of
 * a listing of thousands of files it mostly lacks, and every commit a sync writes of its tree.
 */
export async function missingObjects(
  options: RepoOptions & { oids: readonly string[] },
): Promise<Set<string>> {
  const args = isoArgs(options);
  return objectStoreFor(args.fs, args.gitdir, args.cache).missing(options.oids);
}

/** A plain `Uint8Array` view (not a Node `Buffer`), so callers see the type they were promised. */
function plain(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
