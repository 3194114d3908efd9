import type { ChangeRequestReview, ChangeRequestReviewStatus } from '@docsync/api';
import { userResource, type UserColumns } from '../../members/user-resource.js';
import type { Db } from '../../storage/schema.js';
import type { StoredReview } from './review-change-request.js';

/** Users by id, as the API shows them; a user whose row is gone shows by id. */
export async function usersById(
  db: Db,
  ids: readonly string[],
): Promise<(id: string) => UserColumns> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id as user_id', 'display_name', 'email', 'photo_url'])
          .where('id', 'in', [...new Set(ids)])
          .execute();
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return (id) => byId.get(id) ?? { user_id: id, display_name: id, email: null, photo_url: null };
}

/** Reviews as the API shows them; `headRevisionId` is the change request's head now. */
export async function presentReviews(
  db: Db,
  rows: readonly StoredReview[],
  headRevisionId: string,
  baseUrl: string,
): Promise<ChangeRequestReview[]> {
  const userOf = await usersById(
    db,
    rows.map((row) => row.reviewer_id),
  );
  return rows.map((row) => ({
    object: 'change-request-review',
    id: row.id,
    status: row.status as ChangeRequestReviewStatus,
    reviewer: userResource(userOf(row.reviewer_id), baseUrl),
    revision: row.revision_id,
    outdated: row.revision_id !== headRevisionId,
    createdAt: row.created_at,
  }));
}
