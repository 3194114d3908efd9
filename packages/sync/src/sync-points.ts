import { isAncestor, readCommit, GitAdapterError, type RepoOptions } from '@docsync/git';
import type { GitSyncPoints as GitSyncPointList } from '@docsync/api';
import type { SyncClient } from './sync-client.js';

/** A state both sides saw: a commit, and the space's revision read from (or written as) it. */
export interface SyncPoint {
  commit: string;
  revision: string;
}

/** How many of the space's newest sync points a sync looks at for its base. */
const POINTS_LOOKED_AT = 50;

async function readCommitIfPresent(repo: RepoOptions, oid: string) {
  try {
    return await readCommit({ ...repo, oid });
  } catch (error) {
    if (error instanceof GitAdapterError) return undefined;
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
  const candidates = new Set(points.items.map((point) => point.commit.oid));
  let reached = await nearestInHistory(repo, head, candidates);
  let items = points.items;
  // A branch none of whose commits is among the newest points (one left alone while others
  // synced many times): its own commits, nearest first, looked up among all of the points.
  if (reached.size === 0 && items.length === POINTS_LOOKED_AT) {
    const older = await olderPointsInHistory(client, spaceId, repo, head);
    items = older;
    reached = new Set(older.map((point) => point.commit.oid));
  }

  // Of the points reached, the most recent state of the history: points are newest first by
  // when they were recorded, which is not always the order of the history (merging a change
  // request pushed earlier records an older commit after a newer one was imported).
  let best: SyncPoint | undefined;
  for (const point of items) {
    const commit = point.commit.oid;
    if (!reached.has(commit) || best?.commit === commit) continue;
    if (
      best === undefined ||
      (await isAncestor({ ...repo, ancestor: best.commit, descendant: commit }))
    )
      best = { commit, revision: point.revision };
  }
  return best ?? null;
}

/**
 * The commits of `candidates` reachable from `head` without passing through another one: one
 * walk back through the history that stops at each candidate, so it reads only the commits
 * since the newest sync points, not the whole history once per point. A candidate reached only
 * through another is that one's ancestor, an older state, never the base. A commit the
 * repository lacks (a shallow clone's edge) ends its path.
 */
async function nearestInHistory(
  repo: RepoOptions,
  head: string,
  candidates: ReadonlySet<string>,
): Promise<Set<string>> {
  const reached = new Set<string>();
  const seen = new Set([head]);
  const queue = [head];
  for (let index = 0; index < queue.length; index += 1) {
    const oid = queue[index] as string;
    if (candidates.has(oid)) {
      reached.add(oid);
      continue;
    }
    const commit = await readCommitIfPresent(repo, oid);
    for (const parent of commit?.parents ?? [])
      if (!seen.has(parent)) {
        seen.add(parent);
        queue.push(parent);
      }
  }
  return reached;
}

/** How many commits one lookup of older points names, and how many a sync looks up at most. */
const LOOKUP_BATCH = 100;
const LOOKUP_LIMIT = 5_000;

/**
 * Sync points among the branch's own commits: a walk back from `head`, nearest commits first,
 * that asks the service which of each hundred are points and stops at the first hundred with
 * any (nearer than the rest; `findSyncBase` then picks the latest of them), or after
 * {@link LOOKUP_LIMIT} commits.
 */
async function olderPointsInHistory(
  client: SyncClient,
  spaceId: string,
  repo: RepoOptions,
  head: string,
): Promise<GitSyncPointList['items']> {
  const seen = new Set([head]);
  let frontier = [head];
  let looked = 0;
  while (frontier.length > 0 && looked < LOOKUP_LIMIT) {
    const batch = frontier.slice(0, LOOKUP_BATCH);
    frontier = frontier.slice(LOOKUP_BATCH);
    looked += batch.length;
    const found = await client.api.request('listGitSyncPoints', {
      params: { spaceId },
      query: { commits: batch.join(','), limit: 100 },
    });
    if (found.items.length > 0) return found.items;
    for (const oid of batch) {
      const commit = await readCommitIfPresent(repo, oid);
      for (const parent of commit?.parents ?? [])
        if (!seen.has(parent)) {
          seen.add(parent);
          frontier.push(parent);
        }
    }
  }
  return [];
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
