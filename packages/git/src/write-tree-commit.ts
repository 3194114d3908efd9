import git from 'isomorphic-git';
import { moveBranch } from './move-branch.js';
import { objectStoreFor } from './object-store.js';
import { readCommitByOid, type GitSignature } from './read-commit.js';
import { isoArgs } from './repo-options.js';
import { CommitNotFoundError } from './errors.js';
import { writeTree, type WriteTreeOptions } from './write-tree.js';

/** Who and when, for a commit to write; time defaults to now in the machine's time zone. */
export interface SignatureInput {
  name: string;
  email: string;
  /** Seconds since the Unix epoch (default: now). */
  timestamp?: number;
  /** Minutes west of UTC, as `Date#getTimezoneOffset` counts (default: this machine's zone). */
  timezoneOffset?: number;
}

/** Options for {@link writeTreeCommit}. */
export interface WriteTreeCommitOptions extends Omit<WriteTreeOptions, 'baseTree'> {
  /**
   * Parent commits, first parent first; none for a root commit. With `basePath` or
   * `changesOnly`, the files go into the first parent's tree.
   */
  parents: readonly string[];
  message: string;
  author: SignatureInput;
  /** Default: the author. */
  committer?: SignatureInput;
  /**
   * A branch to move to the new commit, only if it still points at the first parent (or does
   * not exist, for a root commit); see {@link moveBranch}.
   */
  ref?: string;
}

/** A written commit. */
export interface WrittenCommit {
  oid: string;
  tree: string;
  /** Whether the tree differs from the first parent's (false: the commit changes nothing). */
  changed: boolean;
}

/**
 * Writes the files as a commit: blobs the repository lacks, the trees, the commit, and (with
 * `ref`) a compare-and-swap move of the branch. The working directory and index are not
 * touched, so this is safe on a repository someone is working in.
 */
export async function writeTreeCommit(options: WriteTreeCommitOptions): Promise<WrittenCommit> {
  const args = isoArgs(options);
  const [firstParent, ...otherParents] = options.parents;
  const parent = firstParent === undefined ? undefined : await readCommitByOid(args, firstParent);
  const store = objectStoreFor(args.fs, args.gitdir, args.cache);
  for (const oid of otherParents) {
    if (!(await store.has(oid))) throw new CommitNotFoundError(oid);
  }
  const tree = await writeTree({
    ...args,
    files: options.files,
    ...(options.basePath === undefined ? {} : { basePath: options.basePath }),
    ...(parent && (options.basePath !== undefined || options.changesOnly)
      ? { baseTree: parent.tree }
      : {}),
    ...(options.readMissingBlob ? { readMissingBlob: options.readMissingBlob } : {}),
    ...(options.changesOnly ? { changesOnly: options.changesOnly } : {}),
  });
  const author = signature(options.author);
  const oid = await git.writeCommit({
    fs: args.fs,
    dir: args.dir,
    gitdir: args.gitdir,
    commit: {
      message: options.message,
      tree,
      parent: [...options.parents],
      author,
      committer: options.committer ? signature(options.committer) : author,
    },
  });
  if (options.ref !== undefined) {
    await moveBranch({ ...args, ref: options.ref, from: firstParent ?? null, to: oid });
  }
  return { oid, tree, changed: tree !== parent?.tree };
}

function signature(input: SignatureInput): GitSignature {
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  return {
    name: input.name,
    email: input.email,
    timestamp,
    timezoneOffset: input.timezoneOffset ?? new Date(timestamp * 1000).getTimezoneOffset(),
  };
}
