import type { Db } from '../storage/schema.js';
import { filesRevision } from './revision-page-rows.js';

/**
 * The name and type of a file with blob `oid` in one of the space's revisions (or its current
 * one, which a duplicate shares with its source), or undefined: blob ids of other spaces' files
 * find nothing.
 */
export async function findSpaceFile(
  db: Db,
  space: { id: string; revision_id: string },
  oid: string,
): Promise<{ name: string; content_type: string } | undefined> {
  return db
    .selectFrom('content_files')
    .innerJoin('content_revisions', 'content_revisions.id', 'content_files.revision_id')
    .select(['content_files.name', 'content_files.content_type'])
    .where('content_files.blob_oid', '=', oid)
    .where((eb) =>
      eb.or([
        eb('content_revisions.space_id', '=', space.id),
        eb('content_revisions.id', '=', filesRevision(db, space.revision_id)),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
}
