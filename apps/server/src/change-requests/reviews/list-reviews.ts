import { listByKeys, type PageRequest } from '../../pagination.js';
import type { Db } from '../../storage/schema.js';

/** One page of a change request's reviews, in the order they were given. */
export async function listReviews(db: Db, changeRequestId: string, request: PageRequest) {
  const reviews = db
    .selectFrom('change_request_reviews')
    .where('change_request_id', '=', changeRequestId);
  return listByKeys(request, reviews, (q) => q.selectAll(), {
    columns: ['seq'],
    // PostgreSQL reads the bigserial as a string.
    keyOf: (review) => [Number(review.seq as number | string)],
  });
}
