import type { Db } from '../../storage/schema.js';

/** Withdraws the request for `userId`'s review (nothing when there is none). */
export async function withdrawReviewRequest(
  db: Db,
  changeRequestId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('change_request_review_requests')
    .where('change_request_id', '=', changeRequestId)
    .where('user_id', '=', userId)
    .execute();
}
