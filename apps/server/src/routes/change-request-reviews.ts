import {
  ChangeRequestRequestedReviewer,
  ChangeRequestReview,
  CreateChangeRequestReviewBody,
  ListOf,
  PaginationQuery,
  RequestReviewersBody,
  RequestedReviewers,
} from '@docsync/api';
import { requireLevel } from '../access/organization-access.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { listReviews } from '../change-requests/reviews/list-reviews.js';
import { presentRequestedReviewers } from '../change-requests/reviews/present-requested-reviewers.js';
import { presentReviews } from '../change-requests/reviews/present-reviews.js';
import {
  listRequestedReviewers,
  requestReviewers,
} from '../change-requests/reviews/requested-reviewers.js';
import { reviewChangeRequest } from '../change-requests/reviews/review-change-request.js';
import { withdrawReviewRequest } from '../change-requests/reviews/withdraw-review-request.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';

/**
 * Reviews of change requests (docsync extension): what merge rules requiring specific reviewers
 * are met by. Reading needs view access to the space; reviewing needs `review` (the space's
 * `review` permission); asking for and withdrawing reviews needs `edit`, as opening the change
 * request does.
 */
export const changeRequestReviewOperations: readonly Operation[] = [
  operation(
    'listChangeRequestReviews',
    {
      params: ['spaceId', 'changeRequestId'],
      query: PaginationQuery,
      response: ListOf(ChangeRequestReview),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const page = await listReviews(ctx.db, row.id, query);
      return {
        items: await presentReviews(ctx.db, page.rows, row, baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'reviewChangeRequest',
    {
      params: ['spaceId', 'changeRequestId'],
      body: CreateChangeRequestReviewBody,
      response: ChangeRequestReview,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'review', 'review change requests of the space');
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const review = await reviewChangeRequest(ctx, {
        changeRequest: row,
        reviewerId: caller.userId,
        status: body.status,
      });
      const [resource] = await presentReviews(ctx.db, [review], row, baseUrl);
      if (resource === undefined) throw new Error(`review \`${review.id}\` was not presented`);
      return resource;
    },
  ),

  operation(
    'getChangeRequestReviewById',
    { params: ['spaceId', 'changeRequestId', 'reviewId'], response: ChangeRequestReview },
    async ({ params, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const review = await ctx.db
        .selectFrom('change_request_reviews')
        .selectAll()
        .where('change_request_id', '=', row.id)
        .where('id', '=', params.reviewId)
        .executeTakeFirst();
      if (review === undefined) throw new NotFoundError('Review');
      const [resource] = await presentReviews(ctx.db, [review], row, baseUrl);
      if (resource === undefined) throw new Error(`review \`${review.id}\` was not presented`);
      return resource;
    },
  ),

  operation(
    'listRequestedReviewers',
    {
      params: ['spaceId', 'changeRequestId'],
      query: PaginationQuery,
      response: ListOf(ChangeRequestRequestedReviewer),
    },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const page = await listRequestedReviewers(ctx.db, row.id, query);
      return {
        items: await presentRequestedReviewers(ctx.db, page.rows, baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'requestChangeRequestReviewers',
    {
      params: ['spaceId', 'changeRequestId'],
      body: RequestReviewersBody,
      response: RequestedReviewers,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'ask for reviews of a change request');
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      const asked = await requestReviewers(ctx, row, space.organization_id, {
        users: body.users,
        requestedBy: caller.userId,
      });
      return { users: await presentRequestedReviewers(ctx.db, asked, baseUrl) };
    },
  ),

  operation(
    'removeRequestedReviewer',
    { params: ['spaceId', 'changeRequestId', 'userId'], response: null },
    async ({ params, caller, ctx }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'withdraw a review request');
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      // Withdrawing a request that does not exist succeeds and changes nothing.
      await withdrawReviewRequest(ctx.db, row.id, params.userId);
      return undefined;
    },
  ),
];
