import {
  changedPaths,
  checkoutPath,
  checkoutPathChanges,
  GitAdapterError,
  moveBranch,
  readCommit,
  writeTreeCommit,
  type RepoOptions,
  type SignatureInput,
} from '@docsync/git';
import { readCheckedOutBranch } from './read-checked-out-branch.js';
import { readLocalTree } from './read-local-tree.js';
import { diffTrees, fileInputs, isPagePath, type SyncTree, type TreeChange } from './sync-tree.js';

/** Options of {@link commitPublishedTree}. */
export interface CommitPublishedTreeOptions extends RepoOptions {
  /**
   * The commit to build on (its tree outside `path` is kept byte for byte), or null for the first
   * commit of a branch that has none yet (an empty repository): the commit then has no parent.
   */
  parent: string | null;
  /** The directory of the repository the content replaces (not the root). */
  path: string;
  /** The content, paths relative to `path`. */
  tree: SyncTree;
  /** The message, told what changed (paths from the repository root). */
  message(changes: PublishedChanges): string;
  author: SignatureInput;
  committer: SignatureInput;
  /** Only say what would change; write nothing. */
  dryRun?: boolean;
}

/** What a published commit changes, paths from the repository root. */
export interface PublishedChanges {
  files: TreeChange[];
  /** The page files among them (markdown outside `.gitbook/`, not SUMMARY.md). */
  pages: TreeChange[];
}

/** A written published commit, or none when the content is what `path` already holds (or a dry run). */
export interface PublishedCommit extends PublishedChanges {
  /** Null when nothing changed (no commit was written). */
  oid: string | null;
  /** The root tree of the commit (null with `oid`). */
  tree: string | null;
}

/**
 * Writes a commit on `parent` whose `path` holds exactly `tree` (everything else as `parent` has
 * it), unless `path` already holds it: then nothing is written. No ref moves and the working tree
 * is not touched, so a caller can push the commit before anything local changes.
 */
export async function commitPublishedTree(
  options: CommitPublishedTreeOptions,
): Promise<PublishedCommit> {
  const repo = { fs: options.fs, dir: options.dir, cache: options.cache ?? {} };
  const before: SyncTree =
    options.parent === null
      ? new Map()
      : await readLocalTree({ ...repo, oid: options.parent, path: options.path, text: false });
  const files = diffTrees(before, options.tree).map((change) => ({
    ...change,
    path: `${options.path}/${change.path}`,
  }));
  const changes = {
    files,
    pages: files.filter((change) => isPagePath(change.path.slice(options.path.length + 1))),
  };
  if (files.length === 0 || options.dryRun === true) return { ...changes, oid: null, tree: null };
  const written = await writeTreeCommit({
    ...repo,
    files: fileInputs(options.tree),
    basePath: options.path,
    parents: options.parent === null ? [] : [options.parent],
    message: options.message(changes),
    author: options.author,
    committer: options.committer,
  });
  return { ...changes, oid: written.oid, tree: written.tree };
}

/** The commit `refs/heads/<branch>` points at, or null when there is no such branch. */
export async function readBranchCommit(
  options: RepoOptions & { branch: string },
): Promise<string | null> {
  try {
    return (await readCommit({ ...options, ref: `refs/heads/${options.branch}` })).oid;
  } catch (error) {
    if (error instanceof GitAdapterError) return null;
    throw error;
  }
}

/**
 * Paths under `path` whose working-tree or index content differs from the checked-out commit
 * (uncommitted edits a published commit would overwrite); empty when `branch` is not checked out.
 */
export async function uncommittedPaths(
  options: RepoOptions & { branch: string; path: string },
): Promise<string[]> {
  const fs = options.fs as RepoOptions['fs'] & {
    promises: { readFile(path: string): Promise<Uint8Array> };
  };
  if ((await readCheckedOutBranch({ fs, dir: options.dir })) !== options.branch) return [];
  // An untracked file is left alone by checkout unless the commit writes the same path, so it
  // counts too.
  return changedPaths(options);
}

/**
 * Moves `branch` from `from` (null: the branch has no commit yet) to `to` (compare-and-swap) and,
 * when the branch is checked out,
 * brings `path` of the working tree and the index to the new commit (files written and deleted
 * there only). Check {@link uncommittedPaths} first: edits under `path` are overwritten.
 */
export async function advanceBranchTo(
  options: RepoOptions & { branch: string; from: string | null; to: string; path: string },
): Promise<void> {
  await moveBranch({ ...options, ref: options.branch, from: options.from, to: options.to });
  const fs = options.fs as RepoOptions['fs'] & {
    promises: { readFile(path: string): Promise<Uint8Array> };
  };
  if ((await readCheckedOutBranch({ fs, dir: options.dir })) !== options.branch) return;
  // From a commit, only the files that differ are written (the working tree holds `from`'s).
  if (options.from === null) await checkoutPath({ ...options, ref: options.branch });
  else await checkoutPathChanges({ ...options, from: options.from });
}
