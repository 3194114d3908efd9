import { listByKeys, type Page, type PageRequest } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import type { CommentReplyRow } from './comment-rows.js';

/** One page of replies and how many the comment has. */
export interface ReplyPage extends Page<CommentReplyRow> {
  count: number;
}

/** One page of a comment's replies, in the order they were posted (`(posted_at, id)`). */
export async function listReplies(
  db: Db,
  commentId: string,
  request: PageRequest,
): Promise<ReplyPage> {
  const replies = db.selectFrom('comment_replies').where('comment_id', '=', commentId);
  return listByKeys(request, replies, (q) => q.selectAll(), {
    columns: ['posted_at', 'id'],
    keyOf: (row) => [row.posted_at, row.id],
  });
}
