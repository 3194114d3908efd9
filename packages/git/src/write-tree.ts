import { InvalidTreePathError } from './errors.js';
import { objectId, objectStoreFor } from './object-store.js';
import { isoArgs, type RepoArgs, type RepoOptions } from './repo-options.js';
import {
  encodeTreeObject,
  isTreeEntry,
  readTreeEntries,
  treeEntry,
  treeMode,
  type RawTreeEntry,
} from './tree-object.js';
import { splitTreePath } from './tree-path.js';
import {
  writeBlobs,
  type ReadMissingBlob,
  type WriteFileInput,
  type WrittenFile,
} from './write-blobs.js';

/** Options for {@link writeTree}. */
export interface WriteTreeOptions extends RepoOptions {
  /** Every file of the tree (of the `basePath` directory when given), paths relative to it. */
  files: readonly WriteFileInput[];
  /**
   * Put the files in this directory of `baseTree`, replacing what the directory held and keeping
   * every other entry of `baseTree` byte for byte (the docs folder of a bigger repository).
   */
  basePath?: string;
  /** The tree (id of a tree object) the files are placed into; none means a tree of only them. */
  baseTree?: string;
  /** Supplies blobs given only by `oid` that the repository does not have. */
  readMissingBlob?: ReadMissingBlob;
  /**
   * `files` are only the files added or changed since `baseTree` (in its `basePath` directory),
   * and `removed` the paths deleted: every other entry stays as `baseTree` stores it. Only the
   * changed files are hashed and only the trees on their paths read and written, where a whole
   * `files` list writes every tree of the directory (about 4,200 for 10,000 pages).
   */
  changesOnly?: { removed: readonly string[] };
}

/** Writes the files' blobs and the tree objects holding them; returns the root tree's id. */
export async function writeTree(options: WriteTreeOptions): Promise<string> {
  const args = isoArgs(options);
  const written = await writeBlobs(args, options.files, options.readMissingBlob);
  if (options.changesOnly) {
    return patchTree(args, options.baseTree, options.basePath ?? '', {
      written,
      removed: options.changesOnly.removed,
    });
  }
  const subtree = await writeNestedTree(args, written);
  const baseSegments = splitTreePath(options.basePath ?? '');
  return graft(args, options.baseTree, baseSegments, subtree);
}

interface Directory {
  files: Map<string, WrittenFile>;
  directories: Map<string, Directory>;
}

/** Builds and writes the trees of the files; `undefined` when there are no files. */
async function writeNestedTree(
  args: RepoArgs,
  files: readonly WrittenFile[],
): Promise<string | undefined> {
  if (files.length === 0) return undefined;
  const root: Directory = { files: new Map(), directories: new Map() };
  for (const file of files) {
    const segments = splitTreePath(file.path);
    const name = segments.pop();
    if (name === undefined) throw new InvalidTreePathError(file.path, 'it is empty');
    let directory = root;
    for (const segment of segments) {
      if (directory.files.has(segment)) {
        throw new InvalidTreePathError(file.path, `\`${segment}\` is also a file`);
      }
      let child = directory.directories.get(segment);
      if (!child) {
        child = { files: new Map(), directories: new Map() };
        directory.directories.set(segment, child);
      }
      directory = child;
    }
    if (directory.files.has(name)) throw new InvalidTreePathError(file.path, 'it is listed twice');
    if (directory.directories.has(name)) {
      throw new InvalidTreePathError(file.path, 'it is also a directory');
    }
    directory.files.set(name, file);
  }
  return writeDirectory(args, root);
}

/**
 * Writes the directory's tree objects, every new one in one batch (a pack when they are many:
 * a 10,000-page docs directory has about 4,200 trees); returns the root tree's id.
 */
async function writeDirectory(args: RepoArgs, directory: Directory): Promise<string> {
  const trees: { type: 'tree'; body: Uint8Array }[] = [];
  const encode = (current: Directory): string => {
    const entries: RawTreeEntry[] = [];
    for (const [name, file] of current.files) entries.push(treeEntry(name, file.mode, file.oid));
    for (const [name, child] of current.directories) {
      entries.push(treeEntry(name, treeMode, encode(child)));
    }
    const body = encodeTreeObject(entries);
    trees.push({ type: 'tree', body });
    return objectId('tree', body);
  };
  const root = encode(directory);
  await objectStoreFor(args.fs, args.gitdir, args.cache).writeAll(trees);
  return root;
}

/**
 * Places `subtree` at `segments` inside `baseTree` (removing the entry when `subtree` is
 * undefined), rewriting only the trees on that path. Entries beside the path are copied as
 * stored, so their bytes, modes and order are untouched.
 */
async function graft(
  args: RepoArgs,
  baseTree: string | undefined,
  segments: readonly string[],
  subtree: string | undefined,
): Promise<string> {
  const [name, ...rest] = segments;
  if (name === undefined) return subtree ?? writeTreeObject(args, []);
  const entries = baseTree === undefined ? [] : await readTreeEntries(args, baseTree);
  const existing = entries.find((entry) => entry.name === name);
  if (existing && !isTreeEntry(existing)) {
    throw new InvalidTreePathError(segments.join('/'), `\`${name}\` is a file in the base tree`);
  }
  const childBase = existing && isTreeEntry(existing) ? existing.oid : undefined;
  const child = rest.length === 0 ? subtree : await graftOrDrop(args, childBase, rest, subtree);
  const kept = entries.filter((entry) => entry.name !== name);
  if (child !== undefined) kept.push(treeEntry(name, treeMode, child));
  // The root tree is always written, even empty: a commit needs a tree.
  return writeTreeObject(args, kept);
}

/** Like {@link graft}, but a directory left empty disappears, as git cannot record it. */
async function graftOrDrop(
  args: RepoArgs,
  baseTree: string | undefined,
  segments: readonly string[],
  subtree: string | undefined,
): Promise<string | undefined> {
  const oid = await graft(args, baseTree, segments, subtree);
  return oid === emptyTreeId ? undefined : oid;
}

const emptyTreeId = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Writes a tree object unless the repository already has it. */
async function writeTreeObject(args: RepoArgs, entries: readonly RawTreeEntry[]): Promise<string> {
  return objectStoreFor(args.fs, args.gitdir, args.cache).write('tree', encodeTreeObject(entries));
}

/** Changes to one directory: files set (or removed, `null`) by name, and subdirectories. */
interface DirectoryPatch {
  files: Map<string, WrittenFile | null>;
  directories: Map<string, DirectoryPatch>;
}

/**
 * `baseTree` with the files written and removed at their paths (relative to `basePath`):
 * only the trees on those paths are read and rewritten, every other entry copied as stored.
 * Folders left empty disappear; the root tree is written even empty.
 */
async function patchTree(
  args: RepoArgs,
  baseTree: string | undefined,
  basePath: string,
  change: { written: readonly WrittenFile[]; removed: readonly string[] },
): Promise<string> {
  const root: DirectoryPatch = { files: new Map(), directories: new Map() };
  const prefix = splitTreePath(basePath);
  const place = (path: string, file: WrittenFile | null) => {
    const inside = splitTreePath(path);
    if (inside.length === 0) throw new InvalidTreePathError(path, 'it is empty');
    const segments = [...prefix, ...inside];
    const name = segments.pop() as string;
    let directory = root;
    for (const segment of segments) {
      let child = directory.directories.get(segment);
      if (!child) {
        child = { files: new Map(), directories: new Map() };
        directory.directories.set(segment, child);
      }
      directory = child;
    }
    if (directory.files.has(name)) throw new InvalidTreePathError(path, 'it is listed twice');
    directory.files.set(name, file);
  };
  for (const path of change.removed) place(path, null);
  for (const file of change.written) place(file.path, file);
  const trees: { type: 'tree'; body: Uint8Array }[] = [];
  const rewrite = async (
    tree: string | undefined,
    patch: DirectoryPatch,
    path: string,
  ): Promise<string | undefined> => {
    const entries = new Map<string, RawTreeEntry>();
    for (const entry of tree === undefined ? [] : await readTreeEntries(args, tree)) {
      entries.set(entry.name, entry);
    }
    for (const [name, file] of patch.files) {
      const existing = entries.get(name);
      if (file === null && existing && !isTreeEntry(existing)) entries.delete(name);
    }
    const children = await Promise.all(
      [...patch.directories].map(async ([name, child]) => {
        const existing = entries.get(name);
        if (existing && !isTreeEntry(existing)) {
          throw new InvalidTreePathError(
            `${path}${name}`,
            `\`${name}\` is a file in the base tree`,
          );
        }
        return [name, await rewrite(existing?.oid, child, `${path}${name}/`)] as const;
      }),
    );
    for (const [name, oid] of children) {
      if (oid === undefined) entries.delete(name);
      else entries.set(name, treeEntry(name, treeMode, oid));
    }
    for (const [name, file] of patch.files) {
      if (file === null) continue;
      const existing = entries.get(name);
      if (existing && isTreeEntry(existing)) {
        throw new InvalidTreePathError(`${path}${name}`, 'it is also a directory');
      }
      entries.set(name, treeEntry(name, file.mode, file.oid));
    }
    if (entries.size === 0 && path !== '') return undefined;
    const body = encodeTreeObject([...entries.values()]);
    trees.push({ type: 'tree', body });
    return objectId('tree', body);
  };
  const oid = (await rewrite(baseTree, root, '')) ?? emptyTreeId;
  await objectStoreFor(args.fs, args.gitdir, args.cache).writeAll(trees);
  return oid;
}
