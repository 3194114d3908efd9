import { sql } from 'kysely';
import { ApiError } from '../errors.js';
import type { Db } from '../storage/schema.js';

/** The space a revision is looked up in: its id and current revision. */
export interface SpaceAtRevision {
  id: string;
  revision_id: string;
}

/** 404: no such revision in this space (code `revision-not-found`). */
export class RevisionNotFoundError extends ApiError {
  override name = 'RevisionNotFoundError';
  constructor(revisionId: string) {
    super(
      404,
      'revision-not-found',
      `Revision not found: \`${revisionId}\` is not a revision of this space (revision-not-found)`,
    );
  }
}

/** 409: a change request's revision where a main-content one is needed (`revision-not-main-line`). */
export class RevisionNotMainLineError extends ApiError {
  override name = 'RevisionNotMainLineError';
  constructor(field: string, revisionId: string) {
    super(
      409,
      'revision-not-main-line',
      `${field} \`${revisionId}\` was never the space’s main content (a change request’s own revision); name one the main content was at (revision-not-main-line)`,
    );
  }
}

/**
 * Whether the space's main content is or was at `revisionId`: the revisions it was at are its
 * current one and, back from there, first parents (each write on the main content, an import,
 * a merge, a template, has the revision it replaced as its parent), a duplicate's inherited ones
 * and the reserved first revision included. One recursive query.
 */
export async function isMainLineRevision(
  db: Db,
  space: SpaceAtRevision,
  revisionId: string,
): Promise<boolean> {
  if (revisionId === space.revision_id) return true;
  const found = await sql<{ id: string }>`
    WITH RECURSIVE chain(id) AS (
      SELECT CAST(${space.revision_id} AS TEXT)
      UNION ALL
      SELECT r.parent_id FROM content_revisions r JOIN chain ON r.id = chain.id
      WHERE r.parent_id IS NOT NULL
    )
    SELECT id FROM chain WHERE id = ${revisionId} LIMIT 1`.execute(db);
  return found.rows.length > 0;
}

/** Whether a stored revision was written in this space (its main content or a change request). */
async function writtenInSpace(db: Db, spaceId: string, revisionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('content_revisions')
    .select('space_id')
    .where('id', '=', revisionId)
    .executeTakeFirst();
  return row?.space_id === spaceId;
}

/**
 * Checks that `revisionId` is a revision of the space: one its main content is or was at, or one
 * written in it (a change request's). A revision of another space, even one this space was
 * duplicated from after the copy, is not: 404 `revision-not-found`.
 */
export async function requireSpaceRevision(
  db: Db,
  space: SpaceAtRevision,
  revisionId: string,
): Promise<void> {
  if (revisionId === space.revision_id) return;
  if (await writtenInSpace(db, space.id, revisionId)) return;
  if (await isMainLineRevision(db, space, revisionId)) return;
  throw new RevisionNotFoundError(revisionId);
}

/**
 * Checks that `revisionId` is or was the space's main content, for a field of a request body:
 * 409 `revision-not-main-line` for a change request's own revision of the space, 400
 * `revision-not-found` for any other (unknown, another space's).
 */
export async function requireMainLineRevision(
  db: Db,
  space: SpaceAtRevision,
  revisionId: string,
  field: string,
): Promise<void> {
  if (await isMainLineRevision(db, space, revisionId)) return;
  if (await writtenInSpace(db, space.id, revisionId))
    throw new RevisionNotMainLineError(field, revisionId);
  throw new ApiError(
    400,
    'revision-not-found',
    `${field} \`${revisionId}\` is not a revision of this space (revision-not-found)`,
  );
}
