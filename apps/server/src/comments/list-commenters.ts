import type { MemberRow } from '../members/member-resource.js';
import { listByKeys, type Page, type PageRequest } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import { selectMembers } from '../members/select-members.js';
import { inScope, type CommentScope } from './comment-scope.js';

/** One page of commenters and how many there are. */
export interface CommenterPage extends Page<MemberRow> {
  count: number;
}

/**
 * The members of the space's organization who posted a comment or a reply in the scope, in the
 * order they first did (ties by user id). Someone who has left the organization is no longer
 * listed: the list is of members, and their posts stay.
 */
export async function listCommenters(
  db: Db,
  scope: CommentScope,
  request: PageRequest,
): Promise<CommenterPage> {
  const posts = db
    .selectFrom('comments')
    .select(['comments.author_id', 'comments.posted_at'])
    .where(inScope(scope))
    .unionAll(
      db
        .selectFrom('comment_replies')
        .innerJoin('comments', 'comments.id', 'comment_replies.comment_id')
        .select(['comment_replies.author_id', 'comment_replies.posted_at'])
        .where(inScope(scope)),
    );
  const firstPosts = db
    .selectFrom(posts.as('post'))
    .select(['post.author_id', (eb) => eb.fn.min('post.posted_at').as('first_posted_at')])
    .groupBy('post.author_id');
  const commenters = selectMembers(db, scope.organizationId).innerJoin(
    firstPosts.as('commenter'),
    'commenter.author_id',
    'members.user_id',
  );
  return listByKeys(request, commenters, (q) => q.select('commenter.first_posted_at'), {
    columns: ['commenter.first_posted_at', 'commenter.author_id'],
    keyOf: (row) => [row.first_posted_at, row.user_id],
  });
}
