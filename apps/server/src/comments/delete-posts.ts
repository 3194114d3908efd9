import type { Db } from '../storage/schema.js';

/** Deletes a comment with its replies and every reaction in its thread (by cascade). */
export async function deleteComment(db: Db, commentId: string): Promise<void> {
  await db.deleteFrom('comments').where('id', '=', commentId).execute();
}

/** Deletes a reply and the reactions to it, together. */
export async function deleteReply(db: Db, replyId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('comment_reactions').where('post_id', '=', replyId).execute();
    await trx.deleteFrom('comment_replies').where('id', '=', replyId).execute();
  });
}
