import type { ChangeRequest } from '@docsync/api';
import { openChangeRequestComments } from '../comments/open-comment-counts.js';
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
  const creators = await db
    .selectFrom('users')
    .select(['id as user_id', 'display_name', 'email', 'photo_url'])
    .where('id', 'in', [...new Set(rows.map((row) => row.created_by))])
    .execute();
  const spaces = await db
    .selectFrom('spaces')
    .select(['id', 'revision_id'])
    .where('id', 'in', [...new Set(rows.map((row) => row.space_id))])
    .execute();
  const comments = await openChangeRequestComments(
    db,
    rows.map((row) => row.id),
  );
  const creatorById = new Map(creators.map((user) => [user.user_id, user]));
  const revisionBySpace = new Map(spaces.map((space) => [space.id, space.revision_id]));
  return rows.map((row) =>
    changeRequestResource(row, {
      // A creator whose user row is gone still shows as a user, by id.
      creator: creatorById.get(row.created_by) ?? {
        user_id: row.created_by,
        display_name: row.created_by,
        email: null,
        photo_url: null,
      },
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
