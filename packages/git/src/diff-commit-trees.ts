import { InvalidTreePathError } from './errors.js';
import { fileMode, type FileMode } from './read-commit-tree.js';
import { readCommitByOid, resolveRefOid, type CommitSelector } from './read-commit.js';
import { isoArgs, type RepoArgs, type RepoOptions } from './repo-options.js';
import { isTreeEntry, readTreeEntries, type RawTreeEntry } from './tree-object.js';
import { resolveTreePath, splitTreePath } from './tree-path.js';

/** A file that differs between two commits' trees. */
export interface TreeFileChange {
  /** Relative to `path`. */
  path: string;
  kind: 'added' | 'modified' | 'deleted';
  /** The blob id in `to`; absent for a deleted file. */
  oid?: string;
  /** The blob id in `from`; absent for an added file. */
  previousOid?: string;
  /** The mode in `to`; absent for a deleted file. */
  mode?: FileMode;
}

/** Options for {@link diffCommitTrees}. */
export type DiffCommitTreesOptions = RepoOptions & {
  /** The older commit (id or ref). */
  from: CommitSelector;
  /** The newer commit (id or ref). */
  to: CommitSelector;
  /** Compare only this directory of both commits; paths are relative to it. */
  path?: string;
};

/**
 * The files that differ between two commits' trees (or a directory of them): blob id or mode
 * changed, added or deleted, sorted by path. Subtrees with the same id in both commits are the
 * same files, so only subtrees whose ids differ are read: a one-page change between two commits
 * of a 10,000-page tree reads the few trees on that page's path, not the thousands of others.
 * Submodules are left out, as `listCommitTree` lists them apart. A directory missing from a
 * commit compares as empty.
 */
export async function diffCommitTrees(options: DiffCommitTreesOptions): Promise<TreeFileChange[]> {
  const args = isoArgs(options);
  const [from, to] = await Promise.all([
    directoryTree(args, options.from, options.path ?? ''),
    directoryTree(args, options.to, options.path ?? ''),
  ]);
  const changes: TreeFileChange[] = [];
  await diffTrees(args, '', from, to, changes);
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The tree id of a commit's directory `path`; undefined when the commit has no such directory. */
async function directoryTree(
  args: RepoArgs,
  selector: CommitSelector,
  path: string,
): Promise<string | undefined> {
  const oid = selector.ref === undefined ? selector.oid : await resolveRefOid(args, selector.ref);
  const commit = await readCommitByOid(args, oid);
  const target = await resolveTreePath(args, commit.tree, splitTreePath(path));
  if (target.kind === 'other')
    throw new InvalidTreePathError(path, 'it is a file in the commit, not a directory');
  return target.kind === 'tree' ? target.oid : undefined;
}

/** A file entry (not a subtree or submodule) of a tree, or undefined. */
function fileEntry(entry: RawTreeEntry | undefined): RawTreeEntry | undefined {
  return entry === undefined || isTreeEntry(entry) || entry.mode === '160000' ? undefined : entry;
}

/** A subtree entry's id, or undefined. */
function subtreeOid(entry: RawTreeEntry | undefined): string | undefined {
  return entry !== undefined && isTreeEntry(entry) ? entry.oid : undefined;
}

/** Compares two trees entry by entry, descending only into subtrees whose ids differ. */
async function diffTrees(
  args: RepoArgs,
  prefix: string,
  from: string | undefined,
  to: string | undefined,
  changes: TreeFileChange[],
): Promise<void> {
  if (from === to) return;
  const [before, after] = await Promise.all([entriesByName(args, from), entriesByName(args, to)]);
  const subtrees: Promise<void>[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const [old, now] = [before.get(name), after.get(name)];
    if (old?.oid === now?.oid && old?.mode === now?.mode) continue;
    const path = prefix + name;
    const change = fileChange(path, fileEntry(old), fileEntry(now));
    if (change !== undefined) changes.push(change);
    const [oldTree, newTree] = [subtreeOid(old), subtreeOid(now)];
    if (oldTree !== newTree) subtrees.push(diffTrees(args, `${path}/`, oldTree, newTree, changes));
  }
  await Promise.all(subtrees);
}

/** How a path's file changed, when it did (a file turned into a folder is a deletion). */
function fileChange(
  path: string,
  old: RawTreeEntry | undefined,
  now: RawTreeEntry | undefined,
): TreeFileChange | undefined {
  if (old === undefined && now === undefined) return undefined;
  if (old === undefined)
    return { path, kind: 'added', oid: now?.oid ?? '', mode: fileMode(now?.mode ?? '') };
  if (now === undefined) return { path, kind: 'deleted', previousOid: old.oid };
  const mode = fileMode(now.mode);
  if (old.oid === now.oid && fileMode(old.mode) === mode) return undefined;
  return { path, kind: 'modified', oid: now.oid, previousOid: old.oid, mode };
}

async function entriesByName(
  args: RepoArgs,
  tree: string | undefined,
): Promise<Map<string, RawTreeEntry>> {
  const entries = tree === undefined ? [] : await readTreeEntries(args, tree);
  return new Map(entries.map((entry) => [entry.name, entry]));
}
