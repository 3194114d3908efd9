import { afterKey, loadPage, type Page, type PageRequest } from '../pagination.js';
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
  const page = await loadPage(
    request,
    2,
    (after, take) =>
      replies
        .selectAll()
        .$if(after !== undefined, (q) => q.where(afterKey(['posted_at', 'id'], after ?? [])))
        .orderBy('posted_at')
        .orderBy('id')
        .limit(take)
        .execute(),
    (row) => [row.posted_at, row.id],
  );
  const counted = await replies
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirst();
  return { ...page, count: Number(counted?.count ?? 0) };
}
