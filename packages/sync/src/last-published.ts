import { GitAdapterError, readCommit, type RepoOptions } from '@docsync/git';
import { readLocalTree } from './read-local-tree.js';
import { readPublishedSources, type PublishedRevision } from './render-published-message.js';
import type { SyncTree } from './sync-tree.js';

/** How many commits back, first parents only, a read looks for the last published commit. */
const COMMITS_LOOKED_AT = 20;

/** The last published commit on a line of history: what each of its directories holds. */
export interface LastPublished {
  commit: string;
  /** The space and revision each directory holds, by directory (`''` for the root). */
  sources: ReadonlyMap<string, PublishedRevision>;
}

/**
 * The newest commit on `from`'s first-parent line (itself included, at most
 * {@link COMMITS_LOOKED_AT} back) whose message is a published commit's, or undefined: none, or
 * the history stops first (a shallow clone, as a CI checkout often is).
 */
export async function findLastPublished(
  repo: RepoOptions,
  from: string | null,
): Promise<LastPublished | undefined> {
  let oid = from;
  for (let step = 0; oid !== null && step < COMMITS_LOOKED_AT; step++) {
    let commit;
    try {
      commit = await readCommit({ ...repo, oid });
    } catch (error) {
      if (error instanceof GitAdapterError) return undefined;
      throw error;
    }
    const sources = readPublishedSources(commit.message);
    if (sources !== undefined) return { commit: commit.oid, sources };
    oid = commit.parents[0] ?? null;
  }
  return undefined;
}

/**
 * What the last published commit holds of `spaceId` in `directory` of `path`: that space's files
 * at the revision it recorded (the commit holds exactly what the service listed then), blob ids
 * only; undefined when it recorded another space there, or nothing.
 */
export async function publishedBase(
  repo: RepoOptions,
  last: LastPublished | undefined,
  where: { path: string; directory: string; spaceId: string },
): Promise<{ revision: string; tree: SyncTree } | undefined> {
  const source = last?.sources.get(where.directory);
  if (last === undefined || source === undefined || source.spaceId !== where.spaceId)
    return undefined;
  const path = [where.path, where.directory].filter((part) => part !== '').join('/');
  const tree = await readLocalTree({ ...repo, oid: last.commit, path, text: false });
  return { revision: source.revision, tree };
}
