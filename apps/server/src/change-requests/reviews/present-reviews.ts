import type { ChangeRequestReview, ChangeRequestReviewStatus } from '@docsync/api';
import { userResource } from '../../members/user-resource.js';
import { usersById } from '../../members/users-by-id.js';
import type { Db } from '../../storage/schema.js';
import type { StoredReview } from './review-change-request.js';

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
