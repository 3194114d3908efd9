import type { GitSyncPoint, RevisionGit } from '@docsync/api';
import type { Selectable } from 'kysely';
import type { Db, GitSyncPointsTable } from '../storage/schema.js';

/** A sync point to record: the commit and the revision whose content it holds. */
export interface NewSyncPoint {
  spaceId: string;
  git: RevisionGit;
  revisionId: string;
  now: string;
}

/** A stored sync point as the API shows it. */
export function syncPointResource(row: Selectable<GitSyncPointsTable>): GitSyncPoint {
  return {
    commit: {
      oid: row.commit_oid,
      message: row.commit_message,
      ...(row.commit_ref === null ? {} : { ref: row.commit_ref }),
    },
    revision: row.revision_id,
    createdAt: row.created_at,
  };
}

/** The point of this space for exactly this pair, if recorded. */
export async function findSyncPoint(
  db: Db,
  point: Pick<NewSyncPoint, 'spaceId' | 'revisionId'> & { oid: string },
): Promise<Selectable<GitSyncPointsTable> | undefined> {
  return db
    .selectFrom('git_sync_points')
    .selectAll()
    .where('space_id', '=', point.spaceId)
    .where('commit_oid', '=', point.oid)
    .where('revision_id', '=', point.revisionId)
    .executeTakeFirst();
}

/**
 * Records a sync point, in the caller's transaction when given one. A pair already recorded for
 * the space is left as it is (one row per pair, whoever records it): undefined then, else the
 * new row.
 */
export async function recordSyncPoint(
  db: Db,
  point: NewSyncPoint,
): Promise<Selectable<GitSyncPointsTable> | undefined> {
  return db
    .insertInto('git_sync_points')
    .values({
      space_id: point.spaceId,
      commit_oid: point.git.oid,
      commit_message: point.git.message ?? '',
      commit_ref: point.git.ref ?? null,
      revision_id: point.revisionId,
      created_at: point.now,
    })
    .onConflict((oc) => oc.columns(['space_id', 'commit_oid', 'revision_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** The newest sync points of a space (of these commits only, when given), newest first. */
export async function listSyncPoints(
  db: Db,
  spaceId: string,
  limit: number,
  commits?: readonly string[],
): Promise<Selectable<GitSyncPointsTable>[]> {
  let query = db.selectFrom('git_sync_points').selectAll().where('space_id', '=', spaceId);
  if (commits !== undefined) query = query.where('commit_oid', 'in', [...commits]);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

/**
 * Gives a new space (a duplicate) the sync points of the space it was copied from, in their
 * order: its history up to now is the source's, so they are its points too. In the transaction
 * that makes the copy.
 */
export async function copySyncPoints(
  db: Db,
  fromSpaceId: string,
  toSpaceId: string,
): Promise<void> {
  const points = await db
    .selectFrom('git_sync_points')
    .selectAll()
    .where('space_id', '=', fromSpaceId)
    .orderBy('seq')
    .execute();
  for (let start = 0; start < points.length; start += 200)
    await db
      .insertInto('git_sync_points')
      .values(
        points.slice(start, start + 200).map(({ seq: _seq, ...point }) => ({
          ...point,
          space_id: toSpaceId,
        })),
      )
      .execute();
}
