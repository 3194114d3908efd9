import PQueue from 'p-queue';
import type { TreeFile } from '@docsync/core';
import { InvalidTreePathError } from './errors.js';
import { objectStoreFor } from './object-store.js';
import { readBlobBytes } from './read-blob-bytes.js';
import {
  readCommitByOid,
  resolveRefOid,
  type CommitInfo,
  type CommitSelector,
} from './read-commit.js';
import { isoArgs, type RepoArgs, type RepoOptions } from './repo-options.js';
import { isTreeEntry, readTreeEntries } from './tree-object.js';
import { resolveTreePath, splitTreePath } from './tree-path.js';

/** The modes of files a tree can hold: regular, executable, symbolic link. */
export type FileMode = '100644' | '100755' | '120000';

/** A file of a commit's tree: core's {@link TreeFile} plus its git mode. */
export interface GitTreeFile extends TreeFile {
  mode: FileMode;
}

/** A submodule entry (a commit of another repository), listed but never read. */
export interface GitSubmodule {
  path: string;
  oid: string;
}

/** Options for {@link readCommitTree}. */
export type ReadCommitTreeOptions = RepoOptions &
  CommitSelector & {
    /** Read only this directory of the commit; returned paths are relative to it. */
    path?: string;
    /**
     * Which files carry `text`, given the path relative to `path` and the blob id (so a caller
     * holding the last synced tree can read only changed files). Default: markdown and YAML,
     * what core's tree reader parses. Files that are not valid UTF-8 never carry `text`.
     */
    textFilter?: (path: string, oid: string) => boolean;
  };

/** A commit and the files of its tree. */
export interface CommitTree {
  commit: CommitInfo;
  /** Sorted by path. */
  files: GitTreeFile[];
  submodules: GitSubmodule[];
}

/** Core's tree reader parses markdown pages and YAML configuration; the rest are assets. */
export function isSyncText(path: string): boolean {
  return /\.(?:md|markdown|ya?ml)$/i.test(path);
}

/** Reads in flight at once: overlaps file system latency without thousands of open files. */
const concurrency = 32;
/** `fatal` so that bytes that are not UTF-8 stay an asset; `ignoreBOM` keeps a BOM in `text`. */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A file of a commit's tree as its tree object lists it: path, blob id and mode, nothing read. */
export interface ListedFile {
  path: string;
  oid: string;
  mode: FileMode;
}

/** A commit and the files its tree lists. */
export interface CommitListing {
  commit: CommitInfo;
  /** Sorted by path. */
  files: ListedFile[];
  submodules: GitSubmodule[];
}

/**
 * Lists the files of a commit's tree (or of its directory `path`) from the tree objects alone:
 * no blob is touched, so the cost is one read per directory. What a sync plan needs, since it
 * compares blob ids. A directory `path` that does not exist in the commit lists no files.
 */
export async function listCommitTree(
  options: RepoOptions & CommitSelector & { path?: string },
): Promise<CommitListing> {
  const args = isoArgs(options);
  const commitOid =
    options.ref === undefined ? options.oid : await resolveRefOid(args, options.ref);
  const commit = await readCommitByOid(args, commitOid);
  const target = await resolveTreePath(args, commit.tree, splitTreePath(options.path ?? ''));
  if (target.kind === 'other') {
    throw new InvalidTreePathError(
      options.path ?? '',
      'it is a file in the commit, not a directory',
    );
  }
  if (target.kind === 'missing') return { commit, files: [], submodules: [] };
  return { commit, ...(await listBlobs(args, target.oid)) };
}

/**
 * Reads the tree of a commit as files. Blob ids come from the tree objects; only text files are
 * read. Other files get their size from the object's header (the first bytes of the loose
 * object or pack entry), so a tree of large assets costs one small read per asset. A directory
 * `path` that does not exist in the commit reads as no files (a docs folder not created yet).
 */
export async function readCommitTree(options: ReadCommitTreeOptions): Promise<CommitTree> {
  const args = isoArgs(options);
  const { commit, files: listed, submodules } = await listCommitTree(options);
  const isText = options.textFilter ?? isSyncText;
  const files = await new PQueue({ concurrency }).addAll(
    listed.map(
      (entry) => () =>
        readFileEntry(args, entry, entry.mode !== '120000' && isText(entry.path, entry.oid)),
    ),
  );
  return { commit, files, submodules };
}

type BlobEntry = ListedFile;

/** Every blob below a tree, with paths relative to it, walking subtrees concurrently. */
async function listBlobs(
  args: RepoArgs,
  rootTree: string,
): Promise<{ files: BlobEntry[]; submodules: GitSubmodule[] }> {
  const files: BlobEntry[] = [];
  const submodules: GitSubmodule[] = [];
  let level: { prefix: string; oid: string }[] = [{ prefix: '', oid: rootTree }];
  while (level.length > 0) {
    const trees = await new PQueue({ concurrency }).addAll(
      level.map((tree) => async () => ({
        ...tree,
        entries: await readTreeEntries(args, tree.oid),
      })),
    );
    level = [];
    for (const tree of trees) {
      for (const entry of tree.entries) {
        const path = tree.prefix + entry.name;
        if (isTreeEntry(entry)) level.push({ prefix: `${path}/`, oid: entry.oid });
        else if (entry.mode === '160000') submodules.push({ path, oid: entry.oid });
        else files.push({ path, oid: entry.oid, mode: fileMode(entry.mode) });
      }
    }
  }
  const byPath = (a: { path: string }, b: { path: string }) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  return { files: files.sort(byPath), submodules: submodules.sort(byPath) };
}

/** Old repositories hold modes like `100664`; git itself treats them as regular files. */
export function fileMode(mode: string): FileMode {
  if (mode === '120000' || mode === '100755') return mode;
  return '100644';
}

async function readFileEntry(
  args: RepoArgs,
  entry: BlobEntry,
  wantText: boolean,
): Promise<GitTreeFile> {
  const store = objectStoreFor(args.fs, args.gitdir, args.cache);
  if (!wantText) {
    const header = await store.header(entry.oid);
    if (header) return { ...entry, size: header.size };
  }
  // Objects are read directly: isomorphic-git's per-call set-up (a stat of the git directory,
  // a hash through WebCrypto) costs more than reading a small page, and it re-resolves every
  // delta chain of a packed repository from the start.
  const blob =
    (await store.read(entry.oid))?.body ?? (await readBlobBytes({ ...args, oid: entry.oid }));
  const file: GitTreeFile = { ...entry, size: blob.byteLength };
  if (wantText) {
    try {
      file.text = decoder.decode(blob);
    } catch {
      // Not UTF-8: `text` would not give the bytes back, so the file stays an asset.
    }
  }
  return file;
}
