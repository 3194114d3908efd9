import type { Selectable } from 'kysely';
import { NotFoundError } from '../errors.js';
import type { CommentRepliesTable, CommentsTable, Db } from '../storage/schema.js';
import { inScope, type CommentScope } from './comment-scope.js';

/** A stored comment. */
export type CommentRow = Selectable<CommentsTable>;

/** A stored reply. */
export type CommentReplyRow = Selectable<CommentRepliesTable>;

/** A comment of the scope, or undefined (a comment of another space or change request too). */
export async function findComment(
  db: Db,
  scope: CommentScope,
  commentId: string,
): Promise<CommentRow | undefined> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('comments.id', '=', commentId)
    .where(inScope(scope))
    .executeTakeFirst();
}

/** {@link findComment}, or 404 "Comment not found". */
export async function requireComment(
  db: Db,
  scope: CommentScope,
  commentId: string,
): Promise<CommentRow> {
  const row = await findComment(db, scope, commentId);
  if (row === undefined) throw new NotFoundError('Comment');
  return row;
}

/** A reply to a comment, or undefined. */
export async function findReply(
  db: Db,
  commentId: string,
  replyId: string,
): Promise<CommentReplyRow | undefined> {
  return db
    .selectFrom('comment_replies')
    .selectAll()
    .where('comment_id', '=', commentId)
    .where('id', '=', replyId)
    .executeTakeFirst();
}

/** {@link findReply}, or 404 "Comment reply not found". */
export async function requireReply(
  db: Db,
  commentId: string,
  replyId: string,
): Promise<CommentReplyRow> {
  const row = await findReply(db, commentId, replyId);
  if (row === undefined) throw new NotFoundError('Comment reply');
  return row;
}
