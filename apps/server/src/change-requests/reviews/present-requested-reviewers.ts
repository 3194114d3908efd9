import type { ChangeRequestRequestedReviewer } from '@docsync/api';
import { userResource } from '../../members/user-resource.js';
import { usersById } from '../../members/users-by-id.js';
import type { Db } from '../../storage/schema.js';
import type { ReviewRequestRow } from './requested-reviewers.js';

/** Review requests as the API shows them: who was asked, at which revision, by whom, when. */
export async function presentRequestedReviewers(
  db: Db,
  rows: readonly ReviewRequestRow[],
  baseUrl: string,
): Promise<ChangeRequestRequestedReviewer[]> {
  const userOf = await usersById(
    db,
    rows.flatMap((row) => [row.user_id, row.requested_by]),
  );
  return rows.map((row) => ({
    object: 'change-request-requested-reviewer',
    kind: 'user',
    user: userResource(userOf(row.user_id), baseUrl),
    revision: row.revision_id,
    requestedBy: userResource(userOf(row.requested_by), baseUrl),
    createdAt: row.requested_at,
  }));
}
