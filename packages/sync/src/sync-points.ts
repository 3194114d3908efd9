import { isAncestor, readCommit, GitAdapterError, type RepoOptions } from '@docsync/git';
import type { SyncClient } from './sync-client.js';

/** A state both sides saw: a commit, and the space's revision read from (or written as) it. */
export interface SyncPoint {
  commit: string;
  revision: string;
}

/** How many of the space's newest sync points a sync looks at for its base. */
const POINTS_LOOKED_AT = 50;

async function hasCommit(repo: RepoOptions, oid: string): Promise<boolean> {
  try {
    await readCommit({ ...repo, oid });
    return true;
  } catch (error) {
    if (error instanceof GitAdapterError) return false;
    throw error;
  }
}

/**
 * The merge base of a sync: of the space's newest sync points (`git/sync-points`, recorded by
 * the service on imports from a commit and on merges of change requests imported from one, and
 * by pulls), the one whose commit is the latest in the branch's history (a commit with two
 * points: the newest recorded). Its commit is a state the branch came
 * from, its revision the same content as the service saw it, so what changed on each side since
 * is what each side did. Null when the branch has no commit yet or shares no sync point with the
 * space (a first push, or a repository with other history): the base is then empty.
 */
export async function findSyncBase(
  client: SyncClient,
  spaceId: string,
  repo: RepoOptions,
  head: string | null,
): Promise<SyncPoint | null> {
  if (head === null) return null;
  const points = await client.api.request('listGitSyncPoints', {
    params: { spaceId },
    query: { limit: POINTS_LOOKED_AT },
  });
  const ancestor = (older: string, newer: string) =>
    older === newer || isAncestor({ ...repo, ancestor: older, descendant: newer });
  // The most recent state of the branch's history the space saw: points are newest first by
  // when they were recorded, which is not always the order of the history (merging a change
  // request pushed earlier records an older commit after a newer one was imported).
  let best: SyncPoint | undefined;
  for (const point of points.items) {
    const commit = point.commit.oid;
    if (best !== undefined && (best.commit === commit || best.commit === head)) continue;
    if (commit !== head && !(await hasCommit(repo, commit))) continue;
    if (!(await ancestor(commit, head))) continue;
    if (best === undefined || (await ancestor(best.commit, commit)))
      best = { commit, revision: point.revision };
  }
  return best ?? null;
}

/**
 * Records that `commit` holds the space's `revision` (after a pull wrote it), so the next sync
 * of this repository starts from there. A point is only ever a state both sides saw.
 */
export async function recordSyncPoint(
  client: SyncClient,
  spaceId: string,
  point: SyncPoint & { message: string; ref: string },
): Promise<void> {
  await client.api.request('recordGitSyncPoint', {
    params: { spaceId },
    body: {
      commit: { oid: point.commit, message: point.message, ref: point.ref },
      revision: point.revision,
    },
  });
}
