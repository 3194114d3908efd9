import type { WriteFileInput } from '@docsync/git';
/** A file of a docs tree as sync handles it: its blob id, and its text or bytes when read. */
export interface SyncFile {
  /** Relative to the docs directory. */
  path: string;
  oid: string;
  /** Markdown and YAML (and any file read as UTF-8). */
  text?: string;
  /** Bytes of an asset fetched from the service (the repository may lack the blob). */
  bytes?: Uint8Array;
  /** Size in bytes, when known. */
  size?: number;
}

/** A docs tree: its files by path. */
export type SyncTree = ReadonlyMap<string, SyncFile>;

/** One file that differs between two trees. */
export interface TreeChange {
  path: string;
  kind: 'added' | 'modified' | 'deleted';
}

/** A tree from a list of files. */
export function toSyncTree(files: Iterable<SyncFile>): SyncTree {
  return new Map([...files].map((file) => [file.path, file]));
}

/** The empty tree (a new space, a branch that does not exist yet). */
export const EMPTY_TREE: SyncTree = new Map();

/** What changed from `from` to `to`, file by file (by blob id), sorted by path. Pure. */
export function diffTrees(from: SyncTree, to: SyncTree): TreeChange[] {
  const changes: TreeChange[] = [];
  for (const [path, file] of to) {
    const before = from.get(path);
    if (before === undefined) changes.push({ path, kind: 'added' });
    else if (before.oid !== file.oid) changes.push({ path, kind: 'modified' });
  }
  for (const path of from.keys()) if (!to.has(path)) changes.push({ path, kind: 'deleted' });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Whether two trees hold the same files with the same blob ids. Pure. */
export function sameTree(a: SyncTree, b: SyncTree): boolean {
  if (a.size !== b.size) return false;
  for (const [path, file] of a) if (b.get(path)?.oid !== file.oid) return false;
  return true;
}

/**
 * Whether a path is a page file: markdown outside `.gitbook/` (includes are reusable content)
 * and not the table of contents.
 */
export function isPagePath(path: string): boolean {
  return /\.md$/i.test(path) && !path.startsWith('.gitbook/') && !/(^|\/)SUMMARY\.md$/.test(path);
}

/** A tree (or some of its files) as the git package writes it: bytes, text, or the blob id git already holds. */
export function fileInputs(tree: SyncTree | readonly SyncFile[]): WriteFileInput[] {
  return [...tree.values()].map((file) =>
    file.bytes !== undefined
      ? { path: file.path, bytes: file.bytes }
      : file.text !== undefined
        ? { path: file.path, text: file.text }
        : { path: file.path, oid: file.oid },
  );
}
