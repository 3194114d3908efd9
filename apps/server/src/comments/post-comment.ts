import type { PostCommentBody } from '@docsync/api';
import type { ServerContext } from '../server-context.js';
import { requireCommentMarkdown } from './comment-body.js';
import type { CommentReplyRow, CommentRow } from './comment-rows.js';
import type { CommentScope } from './comment-scope.js';
import { goneAs } from './gone-as.js';
import { checkPostTarget } from './post-target.js';

/** Posts an open comment in the scope, on the revision it is at, and returns its row. */
export async function postComment(
  ctx: ServerContext,
  scope: CommentScope,
  authorId: string,
  body: PostCommentBody,
): Promise<CommentRow> {
  const markdown = await requireCommentMarkdown(
    ctx.markdown,
    body.body.markdown,
    'body/body/markdown',
  );
  const target = await checkPostTarget(ctx.db, scope, body);
  const row: CommentRow = {
    id: ctx.ids(),
    space_id: scope.spaceId,
    change_request_id: scope.changeRequestId,
    ...target,
    revision_id: scope.revisionId,
    author_id: authorId,
    body: markdown,
    status: 'open',
    posted_at: ctx.clock.now().toISOString(),
    edited_at: null,
    resolved_at: null,
    resolved_by: null,
  };
  await ctx.db
    .insertInto('comments')
    .values(row)
    .execute()
    .catch(goneAs(scope.changeRequestId === null ? 'Space' : 'Change request'));
  return row;
}

/** Posts a reply to a comment (404 when the comment was deleted meanwhile). */
export async function postReply(
  ctx: ServerContext,
  comment: CommentRow,
  authorId: string,
  markdown: string,
): Promise<CommentReplyRow> {
  const row: CommentReplyRow = {
    id: ctx.ids(),
    comment_id: comment.id,
    author_id: authorId,
    body: await requireCommentMarkdown(ctx.markdown, markdown, 'body/body/markdown'),
    posted_at: ctx.clock.now().toISOString(),
    edited_at: null,
  };
  await ctx.db.insertInto('comment_replies').values(row).execute().catch(goneAs('Comment'));
  return row;
}
