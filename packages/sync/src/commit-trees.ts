import { diffCommitTrees, GitAdapterError, type RepoOptions } from '@docsync/git';
import { readLocalTree } from './read-local-tree.js';
import { toSyncTree, type SyncFile, type SyncTree, type TreeChange } from './sync-tree.js';

/** The files that differ between two commits' docs trees, with the blob ids on both sides. */
interface CommitDiff {
  changes: TreeChange[];
  /** Blob ids in the older commit of modified and deleted paths. */
  before: ReadonlyMap<string, string>;
  /** Blob ids in the newer commit of added and modified paths. */
  after: ReadonlyMap<string, string>;
}

/**
 * Where the listing of the last commit a sync listed is kept between syncs (see
 * {@link CommitTrees}): a cache, derived from git and checked against it, never state.
 */
export interface ListingStore {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

/** The stored listing: the docs directory of one commit, as `[path, blob id]` pairs. */
interface StoredListing {
  path: string;
  commit: string;
  files: [string, string][];
}

/** A {@link ListingStore} in a file of the repository's git directory (`node:fs`-like calls). */
export function listingFile(
  fs: {
    promises: {
      readFile(path: string): Promise<Uint8Array>;
      writeFile(path: string, data: string): Promise<void>;
    };
  },
  gitdir: string,
): ListingStore {
  const path = `${gitdir}/docsync-listing.json`;
  return {
    read: async () => {
      try {
        return new TextDecoder().decode(await fs.promises.readFile(path));
      } catch {
        return undefined;
      }
    },
    write: (text) => fs.promises.writeFile(path, text).catch(() => undefined),
  };
}

/**
 * The docs trees (blob ids only) of the commits one sync looks at, read through one object
 * cache. The first commit asked for is listed whole (a push sends every path, so the branch's
 * tree is needed anyway); every other commit is that tree with the files that differ (see
 * `diffCommitTrees`, which reads only subtrees whose ids differ). So the last synced commit, a
 * merge base or a change request's commit costs reads in proportion to what changed since, not
 * another listing of thousands of trees; and each tree and diff is read once.
 *
 * With a {@link ListingStore}, the first commit's listing is kept after the sync, and the next
 * sync derives its first commit from it by diff when the repository still has that commit: a
 * push after a push reads the trees that changed, not the ≈ 4,200 of a 10,000-page docs
 * directory. A listing that cannot be read or used is ignored.
 */
export class CommitTrees {
  /** The repository with this sync's object cache: later steps reuse what was read. */
  readonly repo: RepoOptions;
  readonly #path: string;
  #anchor: { oid: string; tree: Promise<SyncTree> } | undefined;
  readonly #trees = new Map<string, Promise<SyncTree>>();
  readonly #diffs = new Map<string, Promise<CommitDiff>>();

  readonly #store: ListingStore | undefined;

  constructor(repo: RepoOptions, path: string, store?: ListingStore) {
    this.repo = repo.cache === undefined ? { ...repo, cache: {} } : repo;
    this.#path = path;
    this.#store = store;
  }

  /** The docs tree of a commit the repository has. */
  at(oid: string): Promise<SyncTree> {
    let tree = this.#trees.get(oid);
    if (tree === undefined) {
      tree = this.#read(oid);
      this.#trees.set(oid, tree);
      tree.catch(() => this.#trees.delete(oid));
    }
    return tree;
  }

  /** {@link at}, or undefined when the repository lacks the commit. */
  async ifPresent(oid: string): Promise<SyncTree | undefined> {
    try {
      return await this.at(oid);
    } catch (error) {
      if (error instanceof GitAdapterError) return undefined;
      throw error;
    }
  }

  /** What changed from commit `from` to commit `to`, file by file, sorted by path. */
  async changes(from: string, to: string): Promise<TreeChange[]> {
    return (await this.#diff(from, to)).changes;
  }

  async #read(oid: string): Promise<SyncTree> {
    const anchor = this.#anchor;
    if (anchor === undefined) {
      const tree = this.#first(oid);
      this.#anchor = { oid, tree };
      tree.catch(() => {
        if (this.#anchor?.oid === oid) this.#anchor = undefined;
      });
      return tree;
    }
    const [base, diff] = await Promise.all([anchor.tree, this.#diff(anchor.oid, oid)]);
    return applyDiff(base, diff);
  }

  /**
   * The first commit's tree: from the stored listing (by diff when it is of another commit the
   * repository has), else listed whole; stored for the next sync either way.
   */
  async #first(oid: string): Promise<SyncTree> {
    const stored = await this.#storedListing();
    let tree: SyncTree | undefined;
    if (stored !== undefined) {
      const base = toSyncTree(stored.files.map(([path, blob]) => ({ path, oid: blob })));
      if (stored.commit === oid) return base;
      try {
        tree = applyDiff(base, await this.#diff(stored.commit, oid));
      } catch (error) {
        if (!(error instanceof GitAdapterError)) throw error;
      }
    }
    tree ??= await readLocalTree({ ...this.repo, oid, path: this.#path, text: false });
    const listing: StoredListing = {
      path: this.#path,
      commit: oid,
      files: [...tree.values()].map((file) => [file.path, file.oid]),
    };
    await this.#store?.write(JSON.stringify(listing));
    return tree;
  }

  async #storedListing(): Promise<StoredListing | undefined> {
    const text = await this.#store?.read();
    if (text === undefined) return undefined;
    try {
      const listing = JSON.parse(text) as StoredListing;
      return listing.path === this.#path && typeof listing.commit === 'string'
        ? listing
        : undefined;
    } catch {
      return undefined;
    }
  }

  #diff(from: string, to: string): Promise<CommitDiff> {
    const key = `${from}..${to}`;
    let diff = this.#diffs.get(key);
    if (diff === undefined) {
      const reverse = this.#diffs.get(`${to}..${from}`);
      diff = reverse === undefined ? this.#readDiff(from, to) : reverse.then(invertDiff);
      this.#diffs.set(key, diff);
      diff.catch(() => this.#diffs.delete(key));
    }
    return diff;
  }

  async #readDiff(from: string, to: string): Promise<CommitDiff> {
    const files = await diffCommitTrees({
      ...this.repo,
      from: { oid: from },
      to: { oid: to },
      ...(this.#path === '' ? {} : { path: this.#path }),
    });
    const changes: TreeChange[] = [];
    const before = new Map<string, string>();
    const after = new Map<string, string>();
    for (const file of files) {
      // A mode change alone is no change to the space (sync trees compare blob ids).
      if (file.oid === file.previousOid) continue;
      changes.push({ path: file.path, kind: file.kind });
      if (file.previousOid !== undefined) before.set(file.path, file.previousOid);
      if (file.oid !== undefined) after.set(file.path, file.oid);
    }
    return { changes, before, after };
  }
}

/** The same diff the other way round (same paths, so still sorted). */
function invertDiff(diff: CommitDiff): CommitDiff {
  const inverse = { added: 'deleted', deleted: 'added', modified: 'modified' } as const;
  return {
    changes: diff.changes.map((change) => ({ path: change.path, kind: inverse[change.kind] })),
    before: diff.after,
    after: diff.before,
  };
}

/** `tree` with a diff applied: what the commit the diff leads to holds. */
function applyDiff(tree: SyncTree, diff: CommitDiff): SyncTree {
  if (diff.changes.length === 0) return tree;
  const next = new Map<string, SyncFile>(tree);
  for (const change of diff.changes) {
    const oid = diff.after.get(change.path);
    if (oid === undefined) next.delete(change.path);
    else next.set(change.path, { path: change.path, oid });
  }
  return next;
}
