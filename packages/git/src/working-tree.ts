import * as git from 'isomorphic-git';
import { gitdirOf, type RepoOptions } from './repo-options.js';

/**
 * The working tree and the index, as sync touches them: what the user sees with `git status`.
 * Paths are relative to the working directory.
 */

function isoArgs(options: RepoOptions) {
  return {
    fs: options.fs,
    dir: options.dir,
    gitdir: gitdirOf(options),
    cache: options.cache ?? {},
  };
}

/**
 * `git add -f` of files written into the working tree (from a commit: tracked whatever
 * `.gitignore` says, as `git checkout` would leave them) and `git rm --cached` of deleted ones.
 * Forced, so no ignore file is read per path: a first pull of 1,000 files read `.gitignore`,
 * `.git/info/exclude` and every folder's ignore files once per file.
 */
export async function stagePaths(
  options: RepoOptions & { written: readonly string[]; removed: readonly string[] },
): Promise<void> {
  const args = isoArgs(options);
  for (const filepath of options.removed) await git.remove({ ...args, filepath });
  if (options.written.length > 0)
    await git.add({ ...args, filepath: [...options.written], force: true });
}

/**
 * Paths under `path` whose working-tree or index content differs from HEAD's commit, untracked
 * files included (`git status --porcelain -- path`, ignored files aside).
 */
export async function changedPaths(options: RepoOptions & { path: string }): Promise<string[]> {
  const rows = await git.statusMatrix({ ...isoArgs(options), filepaths: [options.path] });
  // [path, HEAD, workdir, stage]: 1 1 1 is unchanged.
  return rows
    .filter(([, head, workdir, stage]) => !(head === 1 && workdir === 1 && stage === 1))
    .map(([path]) => path);
}

/**
 * Brings `path` of the working tree and the index to `ref`'s commit (files written and deleted
 * there only), without moving HEAD: edits under `path` are overwritten.
 */
export async function checkoutPath(
  options: RepoOptions & { ref: string; path: string },
): Promise<void> {
  await git.checkout({
    ...isoArgs(options),
    ref: options.ref,
    filepaths: [options.path],
    force: true,
    noUpdateHead: true,
  });
}

/** A file's bytes at `ref`'s commit (`git show ref:path`); undefined when it has no such file. */
export async function readFileAt(
  options: RepoOptions & { ref: string; path: string },
): Promise<Uint8Array | undefined> {
  const args = isoArgs(options);
  try {
    const oid = await git.resolveRef({ ...args, ref: options.ref });
    return (await git.readBlob({ ...args, oid, filepath: options.path })).blob;
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return undefined;
    throw error;
  }
}
