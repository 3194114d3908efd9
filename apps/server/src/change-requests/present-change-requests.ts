import type { ChangeRequest } from '@docsync/api';
import { openChangeRequestComments } from '../comments/open-comment-counts.js';
import { usersById } from '../members/users-by-id.js';
import { changeRequestResource } from '../resources/change-request-resource.js';
import type { Db } from '../storage/schema.js';
import type { ChangeRequestRow } from './change-request-row.js';

/**
 * Change requests as the API shows them, with their creators, whether each is outdated and
 * their open comments, read in three queries however many rows there are.
 */
export async function presentChangeRequests(
  db: Db,
  rows: readonly ChangeRequestRow[],
  baseUrl: string,
): Promise<ChangeRequest[]> {
  if (rows.length === 0) return [];
  const creatorOf = await usersById(
    db,
    rows.map((row) => row.created_by),
  );
  const spaces = await db
    .selectFrom('spaces')
    .select(['id', 'revision_id'])
    .where('id', 'in', [...new Set(rows.map((row) => row.space_id))])
    .execute();
  const comments = await openChangeRequestComments(
    db,
    rows.map((row) => row.id),
  );
  const revisionBySpace = new Map(spaces.map((space) => [space.id, space.revision_id]));
  return rows.map((row) =>
    changeRequestResource(row, {
      // A creator whose user row is gone still shows as a user, by id.
      creator: creatorOf(row.created_by),
      spaceRevisionId: revisionBySpace.get(row.space_id) ?? '',
      comments: comments.get(row.id) ?? 0,
      baseUrl,
    }),
  );
}

/** One change request as the API shows it. */
export async function presentChangeRequest(
  db: Db,
  row: ChangeRequestRow,
  baseUrl: string,
): Promise<ChangeRequest> {
  const [resource] = await presentChangeRequests(db, [row], baseUrl);
  if (resource === undefined) throw new Error(`change request \`${row.id}\` was not presented`);
  return resource;
}
