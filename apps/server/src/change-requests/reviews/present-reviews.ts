import type { ChangeRequestReview, ChangeRequestReviewStatus } from '@docsync/api';
import { userResource } from '../../members/user-resource.js';
import { usersById } from '../../members/users-by-id.js';
import type { Db } from '../../storage/schema.js';
import type { StoredReview } from './review-change-request.js';

/** Reviews of `changeRequest` as the API shows them (its head now outdates the others). */
export async function presentReviews(
  db: Db,
  rows: readonly StoredReview[],
  changeRequest: { id: string; space_id: string; head_revision_id: string },
  baseUrl: string,
): Promise<ChangeRequestReview[]> {
  const reviews = `${baseUrl}/v1/spaces/${encodeURIComponent(changeRequest.space_id)}/change-requests/${encodeURIComponent(changeRequest.id)}/reviews`;
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
    outdated: row.revision_id !== changeRequest.head_revision_id,
    createdAt: row.created_at,
    // Reviews are only ever added: one is as it was given.
    updatedAt: row.created_at,
    urls: { location: `${reviews}/${encodeURIComponent(row.id)}` },
  }));
}
