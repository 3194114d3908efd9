import { chmod, rmdir } from 'node:fs/promises';
import * as git from 'isomorphic-git';
import { GitIndexManager } from 'isomorphic-git/managers';
import { FileSystem } from 'isomorphic-git/models';
import PQueue from 'p-queue';
import { gitBlobId } from '@docsync/core';
import { updateIndexEntries, type IndexStats } from './index-update.js';
import { objectStoreFor } from './object-store.js';
import { diffCommitTrees } from './diff-commit-trees.js';
import { readBlobBytes } from './read-blob-bytes.js';
import { repoFs, type RepoFs } from './repo-fs.js';
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

/** Files read back and hashed at once while staging. */
const STAGE_READS = 16;

/**
 * `git add -f` of files written into the working tree and `git rm --cached` of deleted ones, in
 * one write of the index. Each written file is read back and hashed (its blob written when the
 * repository lacks it, as `git add` does), unless the caller gives its blob id (`oids`), and
 * entered with its stat, so `git status` sees it clean without reading it again. Forced: the
 * files come from a commit, tracked whatever `.gitignore` says, as `git checkout` leaves them.
 * isomorphic-git's `add` deflates every file again through a compression stream and reads every
 * ignore file per path: 3.5 s of a 5 s first pull of 1,000 files. The index is spliced, not
 * parsed and rewritten whole (`updateIndexEntries`, ADR 0014), unless it is of a kind only
 * isomorphic-git rewrites.
 */
export async function stagePaths(
  options: RepoOptions & {
    written: readonly string[];
    removed: readonly string[];
    /**
     * Blob ids of written files by path, for files whose bytes the caller has just written and
     * hashed itself: entered with their stat and that id, not read back (as git's checkout
     * enters the files it writes), when the repository has the blob.
     */
    oids?: ReadonlyMap<string, string>;
    /**
     * The stat of written files by path, taken by the caller right after writing them (as git's
     * checkout does with `fstat`): entered as they are, not stat'ed again.
     */
    stats?: ReadonlyMap<string, IndexStats>;
  },
): Promise<void> {
  const args = isoArgs(options);
  const store = objectStoreFor(args.fs, args.gitdir, args.cache);
  const files = repoFs(args.fs);
  const entries = await new PQueue({ concurrency: STAGE_READS }).addAll(
    options.written.map((filepath) => async () => {
      const full = `${args.dir}/${filepath}`;
      // A stat, not an lstat: sync writes regular files only.
      const stats = options.stats?.get(filepath) ?? ((await files.stat(full)) as IndexStats);
      const known = options.oids?.get(filepath);
      if (known !== undefined && (await store.has(known))) return { filepath, stats, oid: known };
      const bytes = await files.readFile(full);
      const oid = gitBlobId(bytes);
      if (!(await store.has(oid))) await store.write('blob', bytes);
      return { filepath, stats, oid };
    }),
  );
  if (entries.length === 0 && options.removed.length === 0) return;
  const refused = await updateIndexEntries(args.gitdir, {
    written: entries.map(({ filepath, stats, oid }) => ({ path: filepath, stats, oid })),
    removed: options.removed,
  });
  if (refused === undefined) return;
  // An index this package does not splice (see `updateIndexEntries`): isomorphic-git rewrites it.
  await GitIndexManager.acquire(
    { fs: new FileSystem(args.fs), gitdir: args.gitdir, cache: args.cache },
    (index: { delete(entry: { filepath: string }): void; insert(entry: object): void }) => {
      for (const filepath of options.removed) index.delete({ filepath });
      for (const entry of entries) index.insert(entry);
    },
  );
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

/**
 * Brings `path` of the working tree and the index from commit `from` to commit `to`, writing and
 * deleting only the files that differ between the two (read from subtrees whose ids differ),
 * then staging them in one index write ({@link stagePaths}); folders left empty go, as git's
 * checkout removes them. The working tree under `path` must hold `from`'s files (nothing
 * uncommitted there): what `checkoutPath` does for that case, without walking every file. A
 * change to anything but a regular or executable file falls back to `checkoutPath`.
 */
export async function checkoutPathChanges(
  options: RepoOptions & { from: string; to: string; path: string },
): Promise<void> {
  const changes = await diffCommitTrees({
    ...options,
    from: { oid: options.from },
    to: { oid: options.to },
    path: options.path,
  });
  if (changes.some((change) => change.mode !== undefined && !REGULAR.has(change.mode))) {
    await checkoutPath({ ...options, ref: options.to });
    return;
  }
  const files = repoFs(options.fs);
  const inRepo = (path: string) => (options.path === '' ? path : `${options.path}/${path}`);
  const full = (path: string) => `${options.dir}/${inRepo(path)}`;
  const removed: string[] = [];
  const written: string[] = [];
  for (const change of changes)
    if (change.kind === 'deleted') {
      await files.unlink(full(change.path)).catch(() => undefined);
      await removeEmptyFolders(files, options.dir, inRepo(change.path));
      removed.push(inRepo(change.path));
    }
  for (const change of changes) {
    if (change.kind === 'deleted' || change.oid === undefined) continue;
    const target = full(change.path);
    await files.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    await files.writeFile(target, await readBlobBytes({ ...options, oid: change.oid }));
    if (change.mode === '100755') await chmod(target, 0o755);
    written.push(inRepo(change.path));
  }
  await stagePaths({ ...options, written, removed });
}

/** The modes {@link checkoutPathChanges} writes itself. */
const REGULAR = new Set(['100644', '100755']);

/** Removes the folders of `path` (relative to `dir`) that are now empty, innermost first. */
async function removeEmptyFolders(files: RepoFs, dir: string, path: string): Promise<void> {
  for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
    const folder = `${dir}/${path.slice(0, end)}`;
    if ((await files.readdir(folder).catch(() => ['?'])).length > 0) return;
    await rmdir(folder).catch(() => undefined);
  }
}
