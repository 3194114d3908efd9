import git from 'isomorphic-git';
import { CommitNotFoundError, RefNotFoundError } from './errors.js';
import { isoArgs, type RepoArgs, type RepoOptions } from './repo-options.js';

/** A person and time on a commit, as git stores them. */
export interface GitSignature {
  name: string;
  email: string;
  /** Seconds since the Unix epoch. */
  timestamp: number;
  /** Minutes west of UTC, as `Date#getTimezoneOffset` counts (UTC+2 is `-120`). */
  timezoneOffset: number;
}

/** A commit's metadata. */
export interface CommitInfo {
  oid: string;
  /** The id of the commit's root tree. */
  tree: string;
  message: string;
  author: GitSignature;
  committer: GitSignature;
  /** Parent commit ids, first parent first. */
  parents: string[];
}

/** Which commit to read: a ref (`main`, `refs/heads/main`, `HEAD`, a tag) or a commit id. */
export type CommitSelector = { ref: string; oid?: never } | { oid: string; ref?: never };

/** Options for {@link readCommit}. */
export type ReadCommitOptions = RepoOptions & CommitSelector;

/** Reads a commit's metadata, resolving a ref and peeling annotated tags to their commit. */
export async function readCommit(options: ReadCommitOptions): Promise<CommitInfo> {
  const args = isoArgs(options);
  const oid = options.ref === undefined ? options.oid : await resolveRefOid(args, options.ref);
  return readCommitByOid(args, oid);
}

/**
 * The object id a ref (`main`, `refs/heads/main`, `HEAD`) points at, read from the ref files
 * alone: no object is read, so no pack is opened (what a poll that only asks "did the branch
 * move?" needs). Throws {@link RefNotFoundError} for a ref that does not exist.
 */
export function readRefOid(options: RepoOptions & { ref: string }): Promise<string> {
  return resolveRefOid(isoArgs(options), options.ref);
}

/** The commit id a ref points at (annotated tags are peeled by {@link readCommit}). */
export async function resolveRefOid(args: RepoArgs, ref: string): Promise<string> {
  try {
    return await git.resolveRef({ fs: args.fs, dir: args.dir, gitdir: args.gitdir, ref });
  } catch (error) {
    if (isoCode(error) === 'NotFoundError') throw new RefNotFoundError(ref, { cause: error });
    throw error;
  }
}

/** Reads a commit by id; annotated tags are followed to the commit they tag. */
export async function readCommitByOid(args: RepoArgs, oid: string): Promise<CommitInfo> {
  let current = oid;
  // A tag can tag a tag; git allows chains, so follow them (a cycle is impossible by hashing).
  for (;;) {
    try {
      const { commit } = await git.readCommit({ ...args, oid: current });
      return {
        oid: current,
        tree: commit.tree,
        message: commit.message,
        author: signature(commit.author),
        committer: signature(commit.committer),
        parents: commit.parent,
      };
    } catch (error) {
      const code = isoCode(error);
      if (code === 'NotFoundError') throw new CommitNotFoundError(current, { cause: error });
      if (code !== 'ObjectTypeError') throw error;
      const actual = isoData(error)?.actual;
      if (actual !== 'tag') {
        throw new CommitNotFoundError(current, {
          cause: error,
          ...(typeof actual === 'string' ? { actualType: actual } : {}),
        });
      }
      current = (await git.readTag({ ...args, oid: current })).tag.object;
    }
  }
}

function signature(person: GitSignature): GitSignature {
  return {
    name: person.name,
    email: person.email,
    timestamp: person.timestamp,
    timezoneOffset: person.timezoneOffset,
  };
}

/** The `code` isomorphic-git puts on its errors (`NotFoundError`, `ObjectTypeError`, ...). */
export function isoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function isoData(error: unknown): Record<string, unknown> | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  return typeof error.data === 'object' && error.data !== null
    ? (error.data as Record<string, unknown>)
    : undefined;
}
