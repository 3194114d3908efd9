import { Type, type Static } from 'typebox';
import { DateTime, StringEnum, Urls } from './common.js';
import { User } from './user.js';

/**
 * What a reviewer said about a change request (docsync extension: the API description has merge
 * rules that require reviewers, but no operations to review).
 */
export const ChangeRequestReviewStatus = StringEnum(['approved', 'changes-requested'], {
  title: 'ChangeRequestReviewStatus',
});
/** What a reviewer said about a change request. */
export type ChangeRequestReviewStatus = Static<typeof ChangeRequestReviewStatus>;

/** One review of a change request, of the revision that was its head when it was given. */
export const ChangeRequestReview = Type.Object(
  {
    object: Type.Literal('change-request-review'),
    id: Type.String(),
    status: ChangeRequestReviewStatus,
    reviewer: User,
    revision: Type.String({ description: 'The change request revision that was reviewed.' }),
    outdated: Type.Boolean({
      description:
        'The change request has moved on from the reviewed revision: the review no longer counts for merge rules.',
    }),
    createdAt: DateTime(),
    updatedAt: DateTime({ description: 'A review is never changed: when it was given.' }),
    urls: Urls(['location']),
  },
  { title: 'ChangeRequestReview' },
);
/** One review of a change request. */
export type ChangeRequestReview = Static<typeof ChangeRequestReview>;

/** POST a review of a change request's current revision. */
export const CreateChangeRequestReviewBody = Type.Object(
  { status: ChangeRequestReviewStatus },
  { title: 'CreateChangeRequestReviewBody' },
);
/** POST a review. */
export type CreateChangeRequestReviewBody = Static<typeof CreateChangeRequestReviewBody>;

/** Users asked to review a change request. */
export const RequestReviewersBody = Type.Object(
  {
    users: Type.Array(Type.String({ minLength: 1, description: 'User id.' }), {
      minItems: 1,
      maxItems: 50,
    }),
  },
  { title: 'RequestReviewersBody' },
);
/** Users asked to review a change request. */
export type RequestReviewersBody = Static<typeof RequestReviewersBody>;

/** A user asked to review a change request who has not reviewed it since. */
export const ChangeRequestRequestedReviewer = Type.Object(
  {
    object: Type.Literal('change-request-requested-reviewer'),
    kind: Type.Literal('user'),
    user: User,
    revision: Type.String({ description: 'The change request revision when they were asked.' }),
    requestedBy: User,
    createdAt: DateTime({ description: 'When they were asked.' }),
  },
  { title: 'ChangeRequestRequestedReviewer' },
);
/** A user asked to review a change request. */
export type ChangeRequestRequestedReviewer = Static<typeof ChangeRequestRequestedReviewer>;

/** The answer to asking for reviews: everyone asked (those asked before, as they were asked). */
export const RequestedReviewers = Type.Object(
  { users: Type.Array(ChangeRequestRequestedReviewer) },
  { title: 'RequestedReviewers' },
);
/** The answer to asking for reviews. */
export type RequestedReviewers = Static<typeof RequestedReviewers>;
