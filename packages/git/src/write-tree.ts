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
}

/** Writes the files' blobs and the tree objects holding them; returns the root tree's id. */
export async function writeTree(options: WriteTreeOptions): Promise<string> {
  const args = isoArgs(options);
  const written = await writeBlobs(args, options.files, options.readMissingBlob);
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
