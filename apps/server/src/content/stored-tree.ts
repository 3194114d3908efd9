import type { CachedStore } from '../caches/cached-store.js';
import type { CountedCache } from '../caches/counted-cache.js';
import { readJson, writeJson } from '../resources/json-column.js';

/** A file of an imported tree, as the next import compares it. */
export interface StoredTreeFile {
  oid: string;
  size: number;
}

/** The tree an import read a revision from: every path with its blob id and size. */
export interface StoredTree {
  /** The revision whose tree this is. */
  revisionId: string;
  /** The whole tree this one is stored as differences from, or null when stored whole. */
  baseId: string | null;
  files: ReadonlyMap<string, StoredTreeFile>;
  /** The blob id of each path (what core's `baseFiles` takes). */
  oids: ReadonlyMap<string, string>;
  /** What differs from the base's tree (null: a path gone); empty for a whole tree. */
  differences: ReadonlyMap<string, StoredTreeFile | null>;
}

/** A tree's files and blob ids, from its entries. */
export function treeMaps(entries: Iterable<readonly [string, StoredTreeFile]>): {
  files: Map<string, StoredTreeFile>;
  oids: Map<string, string>;
} {
  const files = new Map<string, StoredTreeFile>();
  const oids = new Map<string, string>();
  for (const [path, file] of entries) {
    files.set(path, file);
    oids.set(path, file.oid);
  }
  return { files, oids };
}

/** An entry as stored: `[path, oid, size]`, with a null oid for a path gone in a difference. */
type StoredEntry = [string, string | null, number];

/**
 * A tree is stored as its differences from the previous import's base while they are at most
 * this many entries (and a quarter of the tree, but never fewer than 16); beyond, whole.
 */
function differenceLimit(files: number): number {
  return Math.min(500, Math.max(16, Math.floor(files / 4)));
}

/**
 * Trees by revision id (they are immutable), built with the server (`caches/server-caches.ts`).
 * Sized by their paths and entries.
 */
export type StoredTreeCache = CountedCache<string, StoredTree>;

/** The cache of imported trees (see {@link StoredTreeCache}). */
export interface StoredTreeCaches {
  readonly storedTrees: StoredTreeCache;
}

/** A database with the trees kept of it. */
export type StoredTreeStore = CachedStore<StoredTreeCaches>;

/** About what a tree holds in memory: each path twice (files and oids), an entry of each. */
function treeBytes(tree: StoredTree): number {
  let bytes = 0;
  for (const path of tree.files.keys()) bytes += 2 * path.length + 160;
  return bytes + 100 * tree.differences.size;
}

function keep(cache: StoredTreeCache, tree: StoredTree): StoredTree {
  cache.set(tree.revisionId, tree, treeBytes(tree));
  return tree;
}

/** The tree revision `revisionId` was imported from, or undefined when it was not imported. */
export async function readStoredTree(
  store: StoredTreeStore,
  revisionId: string,
): Promise<StoredTree | undefined> {
  const { db, caches } = store;
  const known = caches.storedTrees.get(revisionId);
  if (known !== undefined) return known;
  const row = await db
    .selectFrom('content_trees')
    .select(['base_revision_id', 'entries'])
    .where('revision_id', '=', revisionId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const entries = readJson(row.entries) as StoredEntry[];
  if (row.base_revision_id === null) {
    const maps = treeMaps(entries.map(([path, oid, size]) => [path, { oid: oid ?? '', size }]));
    return keep(caches.storedTrees, { revisionId, baseId: null, ...maps, differences: new Map() });
  }
  const base = await readStoredTree(store, row.base_revision_id);
  if (base === undefined) return undefined;
  const differences = new Map(
    entries.map(([path, oid, size]) => [path, oid === null ? null : { oid, size }] as const),
  );
  return keep(caches.storedTrees, {
    revisionId,
    baseId: row.base_revision_id,
    ...applied(base, differences),
    differences,
  });
}

/** The files and blob ids of `base`'s tree with `differences` applied. */
function applied(
  base: StoredTree,
  differences: ReadonlyMap<string, StoredTreeFile | null>,
): { files: Map<string, StoredTreeFile>; oids: Map<string, string> } {
  const files = new Map(base.files);
  const oids = new Map(base.oids);
  for (const [path, file] of differences) {
    if (file === null) {
      files.delete(path);
      oids.delete(path);
    } else {
      files.set(path, file);
      oids.set(path, file.oid);
    }
  }
  return { files, oids };
}

/**
 * Stores the tree revision `revisionId` was imported from: `files` and `oids` (see
 * {@link treeMaps}), which differ from `previous` (the tree the revision's parent was imported
 * from) by `changes` (null: a path gone). Stored as its differences from the base of `previous`
 * while they are few (computed from the changes: work proportional to them), else whole. Run it
 * in the transaction that writes the revision.
 */
export async function writeStoredTree(
  store: StoredTreeStore,
  revisionId: string,
  tree: { files: Map<string, StoredTreeFile>; oids: Map<string, string> },
  previous: StoredTree | undefined,
  changes: ReadonlyMap<string, StoredTreeFile | null>,
): Promise<StoredTree> {
  const baseId = previous === undefined ? undefined : (previous.baseId ?? previous.revisionId);
  const base =
    previous === undefined || baseId === undefined
      ? undefined
      : baseId === previous.revisionId
        ? previous
        : await readStoredTree(store, baseId);
  let differences: Map<string, StoredTreeFile | null> | undefined;
  if (base !== undefined && previous !== undefined) {
    differences = new Map(previous.differences);
    for (const [path, file] of changes) {
      const was = base.files.get(path);
      const same =
        file === null ? was === undefined : was?.oid === file.oid && was.size === file.size;
      if (same) differences.delete(path);
      else differences.set(path, file);
    }
    if (differences.size > differenceLimit(tree.files.size)) differences = undefined;
  }
  const stored: StoredTree =
    differences === undefined || base === undefined
      ? { revisionId, baseId: null, ...tree, differences: new Map() }
      : { revisionId, baseId: base.revisionId, ...tree, differences };
  await store.db
    .insertInto('content_trees')
    .values({
      revision_id: revisionId,
      base_revision_id: stored.baseId,
      entries: writeJson(
        stored.baseId === null
          ? [...tree.files].map(([path, file]): StoredEntry => [path, file.oid, file.size])
          : [...stored.differences].map(([path, file]): StoredEntry => [
              path,
              file?.oid ?? null,
              file?.size ?? 0,
            ]),
      ),
    })
    .execute();
  return stored;
}

/** Keeps a tree just committed in memory, so the next import does not read it back. */
export function keepStoredTree(caches: StoredTreeCaches, tree: StoredTree): void {
  keep(caches.storedTrees, tree);
}
