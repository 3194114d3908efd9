import { NotFoundError } from '../errors.js';
import type { Db } from '../storage/schema.js';
import type { ServerContext } from '../server-context.js';
import { requireCommentMarkdown } from './comment-body.js';
import { requireAuthor } from './comment-permissions.js';
import { findReply, type CommentReplyRow, type CommentRow } from './comment-rows.js';
import { goneAs } from './gone-as.js';
import { applyReactionChanges, checkReactionChanges, type ReactionChanges } from './reactions.js';

/** What a PUT of a comment or a reply may change. */
export interface PostChanges extends ReactionChanges {
  /** Resolves (true) or reopens (false) the comment, also when a reply is the one PUT. */
  resolved?: boolean | undefined;
  body?: { markdown: string } | undefined;
}

/**
 * Resolves or reopens a comment. Resolving a resolved comment keeps who resolved it and when;
 * reopening clears both.
 */
async function setResolved(
  db: Db,
  commentId: string,
  resolved: boolean,
  by: { userId: string; now: string },
): Promise<void> {
  const update = db.updateTable('comments').where('id', '=', commentId);
  await (
    resolved
      ? update
          .set({ status: 'resolved', resolved_at: by.now, resolved_by: by.userId })
          .where('status', '<>', 'resolved')
      : update.set({ status: 'open', resolved_at: null, resolved_by: null })
  ).execute();
}

/**
 * Applies a PUT to a comment, or to one of its replies when `reply` is given: a new text (its
 * author only; `editedAt` moves only when the text changes), resolving or reopening the comment,
 * and the caller's reactions to the post. Everything is checked before anything is written, and
 * written in one transaction: a request that fails changes nothing.
 */
export async function updatePost(
  ctx: ServerContext,
  target: { comment: CommentRow; reply?: CommentReplyRow | undefined; callerId: string },
  changes: PostChanges,
): Promise<void> {
  const { comment, reply, callerId } = target;
  const post = reply ?? comment;
  let markdown: string | undefined;
  if (changes.body !== undefined) {
    requireAuthor(reply === undefined ? 'comment' : 'reply', post.author_id, callerId);
    markdown = await requireCommentMarkdown(
      ctx.markdown,
      changes.body.markdown,
      'body/body/markdown',
    );
  }
  checkReactionChanges(changes);
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      // A reply deleted meanwhile takes no reactions (they have no foreign key to hold them).
      if (reply !== undefined && (await findReply(trx, comment.id, reply.id)) === undefined)
        throw new NotFoundError('Comment reply');
      if (markdown !== undefined && markdown !== post.body) {
        const edit = { body: markdown, edited_at: now };
        if (reply === undefined)
          await trx.updateTable('comments').set(edit).where('id', '=', comment.id).execute();
        else
          await trx.updateTable('comment_replies').set(edit).where('id', '=', reply.id).execute();
      }
      if (changes.resolved !== undefined)
        await setResolved(trx, comment.id, changes.resolved, { userId: callerId, now });
      await applyReactionChanges(
        trx,
        { postId: post.id, commentId: comment.id, userId: callerId, now },
        changes,
      );
    })
    .catch(goneAs('Comment'));
}
