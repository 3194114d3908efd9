import type { ChangeRequestReviewStatus } from '@docsync/api';
import { ConflictError, ForbiddenError } from '../../errors.js';
import type { ServerContext } from '../../server-context.js';
import type { Insertable } from 'kysely';
import type { ChangeRequestReviewsTable } from '../../storage/schema.js';
import { WRITABLE_STATUSES, type ChangeRequestRow } from '../change-request-row.js';

/** A review as stored, without its storage order. */
export type StoredReview = Required<Omit<Insertable<ChangeRequestReviewsTable>, 'seq'>>;

/** A review to give. */
export interface NewReview {
  changeRequest: Pick<ChangeRequestRow, 'id' | 'number' | 'created_by'>;
  reviewerId: string;
  status: ChangeRequestReviewStatus;
}

/**
 * Records a review of the change request's current head, read in the transaction that stores
 * it, and withdraws the reviewer's pending review request (they have answered it). Only draft
 * and open change requests take reviews (409); their creator cannot review them (403), as on
 * GitHub: an author approving their own work would make a required review meaningless.
 */
export async function reviewChangeRequest(
  ctx: ServerContext,
  review: NewReview,
): Promise<StoredReview> {
  const { changeRequest, reviewerId } = review;
  if (changeRequest.created_by === reviewerId)
    throw new ForbiddenError(
      `You created change request #${changeRequest.number}, so you cannot review it`,
    );
  const id = ctx.ids();
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('change_requests')
      .select(['status', 'head_revision_id'])
      .where('id', '=', changeRequest.id)
      .executeTakeFirstOrThrow();
    if (!WRITABLE_STATUSES.includes(current.status))
      throw new ConflictError(
        `Change request #${changeRequest.number} is \`${current.status}\`; only draft and open change requests can be reviewed`,
      );
    const row: StoredReview = {
      id,
      change_request_id: changeRequest.id,
      reviewer_id: reviewerId,
      status: review.status,
      revision_id: current.head_revision_id,
      created_at: now,
    };
    await trx.insertInto('change_request_reviews').values(row).execute();
    await trx
      .deleteFrom('change_request_review_requests')
      .where('change_request_id', '=', changeRequest.id)
      .where('user_id', '=', reviewerId)
      .execute();
    return row;
  });
}
