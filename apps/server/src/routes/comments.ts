import {
  Comment,
  CommentReply,
  GetCommentQuery,
  ListCommentRepliesQuery,
  ListCommentsQuery,
  ListOf,
  Member,
  PaginationQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateChangeRequestCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '@docsync/api';
import type { CommentFormat } from '../comments/comment-body.js';
import { requireDeleter } from '../comments/comment-permissions.js';
import { findComment, findReply, requireComment, requireReply } from '../comments/comment-rows.js';
import {
  changeRequestCommentScope,
  requireDiscussion,
  spaceCommentScope,
  type CommentScope,
} from '../comments/comment-scope.js';
import { deleteComment, deleteReply } from '../comments/delete-posts.js';
import { listComments } from '../comments/list-comments.js';
import { listCommenters } from '../comments/list-commenters.js';
import { listReplies } from '../comments/list-replies.js';
import { postComment, postReply } from '../comments/post-comment.js';
import {
  presentComment,
  presentComments,
  presentReplies,
  presentReply,
  type PresentOptions,
} from '../comments/present-comments.js';
import { updatePost, type PostChanges } from '../comments/update-post.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { memberCounts } from '../members/member-counts.js';
import { memberResource } from '../members/member-resource.js';

/** The operationIds of one discussion (a space's, or a change request's). */
interface CommentOperationIds {
  list: string;
  post: string;
  get: string;
  update: string;
  delete: string;
  listReplies: string;
  postReply: string;
  getReply: string;
  updateReply: string;
  deleteReply: string;
  commenters: string;
}

/** How the caller reads the posts of `scope`. */
function presentOptions(
  call: Call<string, unknown, unknown>,
  scope: CommentScope,
  format: CommentFormat | undefined,
): PresentOptions {
  return {
    scope,
    callerId: call.caller.userId,
    baseUrl: call.baseUrl,
    format: format ?? 'markdown',
    markdown: call.ctx.markdown,
  };
}

/** The list envelope of a page. */
function envelope<Item>(items: Item[], page: { count: number; next?: { page: string } }) {
  return { items, count: page.count, ...(page.next === undefined ? {} : { next: page.next }) };
}

/**
 * Comments, replies, reactions and commenters of whatever discussion `resolve` finds for a
 * request: a space's and a change request's answer the same way. Everything needs the `comment`
 * role on the space (see `requireDiscussion`); editing a text needs its author, deleting its
 * author or an `admin`.
 */
function discussionOperations<const Params extends string>(
  ids: CommentOperationIds,
  params: readonly Params[],
  updateReplyBody: typeof UpdateCommentReplyBody | typeof UpdateChangeRequestCommentReplyBody,
  resolve: (call: Call<Params, unknown, unknown>) => Promise<CommentScope>,
): Operation[] {
  // Only the change request's reply PUT resolves the thread; elsewhere `resolved` is no member.
  const repliesResolve = 'resolved' in updateReplyBody.properties;
  const comment = [...params, 'commentId'] as const;
  const reply = [...comment, 'commentReplyId'] as const;
  return [
    operation(
      ids.list,
      { params, query: ListCommentsQuery, response: ListOf(Comment) },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'read the comments');
        const page = await listComments(call.ctx.db, scope, call.query);
        const options = presentOptions(call, scope, call.query.format);
        return envelope(await presentComments(call.ctx.db, page.rows, options), page);
      },
    ),

    operation(ids.post, { params, body: PostCommentBody, response: Comment }, async (call) => {
      const scope = await resolve(call);
      requireDiscussion(scope, 'comment');
      const row = await postComment(call.ctx, scope, call.caller.userId, call.body);
      return presentComment(call.ctx.db, row, presentOptions(call, scope, undefined));
    }),

    operation(
      ids.get,
      { params: comment, query: GetCommentQuery, response: Comment },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'read the comments');
        const row = await requireComment(call.ctx.db, scope, call.params.commentId);
        return presentComment(call.ctx.db, row, presentOptions(call, scope, call.query.format));
      },
    ),

    operation(
      ids.update,
      { params: comment, body: UpdateCommentBody, response: Comment },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'change comments');
        const { db } = call.ctx;
        const row = await requireComment(db, scope, call.params.commentId);
        await updatePost(call.ctx, { comment: row, callerId: call.caller.userId }, call.body);
        const after = await requireComment(db, scope, row.id);
        return presentComment(db, after, presentOptions(call, scope, undefined));
      },
    ),

    operation(ids.delete, { params: comment, response: null }, async (call) => {
      const scope = await resolve(call);
      requireDiscussion(scope, 'delete comments');
      const row = await findComment(call.ctx.db, scope, call.params.commentId);
      // Deleting a comment that is not there (any more) succeeds and changes nothing.
      if (row === undefined) return undefined;
      requireDeleter('comment', scope.level, row.author_id, call.caller.userId);
      await deleteComment(call.ctx.db, row.id);
      return undefined;
    }),

    operation(
      ids.listReplies,
      { params: comment, query: ListCommentRepliesQuery, response: ListOf(CommentReply) },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'read the comments');
        const row = await requireComment(call.ctx.db, scope, call.params.commentId);
        const page = await listReplies(call.ctx.db, row.id, call.query);
        const options = presentOptions(call, scope, call.query.format);
        return envelope(await presentReplies(call.ctx.db, page.rows, options), page);
      },
    ),

    operation(
      ids.postReply,
      { params: comment, body: PostCommentReplyBody, response: CommentReply },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'reply to comments');
        const row = await requireComment(call.ctx.db, scope, call.params.commentId);
        const posted = await postReply(call.ctx, row, call.caller.userId, call.body.body.markdown);
        return presentReply(call.ctx.db, posted, presentOptions(call, scope, undefined));
      },
    ),

    operation(
      ids.getReply,
      { params: reply, query: GetCommentQuery, response: CommentReply },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'read the comments');
        const row = await requireComment(call.ctx.db, scope, call.params.commentId);
        const found = await requireReply(call.ctx.db, row.id, call.params.commentReplyId);
        return presentReply(call.ctx.db, found, presentOptions(call, scope, call.query.format));
      },
    ),

    operation(
      ids.updateReply,
      { params: reply, body: updateReplyBody, response: CommentReply },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'change comments');
        const { db } = call.ctx;
        const row = await requireComment(db, scope, call.params.commentId);
        const found = await requireReply(db, row.id, call.params.commentReplyId);
        const { resolved, ...changes } = call.body as PostChanges;
        await updatePost(
          call.ctx,
          { comment: row, reply: found, callerId: call.caller.userId },
          repliesResolve ? { ...changes, resolved } : changes,
        );
        const after = await requireReply(db, row.id, found.id);
        return presentReply(db, after, presentOptions(call, scope, undefined));
      },
    ),

    operation(ids.deleteReply, { params: reply, response: null }, async (call) => {
      const scope = await resolve(call);
      requireDiscussion(scope, 'delete comments');
      const { db } = call.ctx;
      // A reply that is not there, or whose comment is not, is already deleted: 204.
      const row = await findComment(db, scope, call.params.commentId);
      const found =
        row === undefined ? undefined : await findReply(db, row.id, call.params.commentReplyId);
      if (found === undefined) return undefined;
      requireDeleter('reply', scope.level, found.author_id, call.caller.userId);
      await deleteReply(db, found.id);
      return undefined;
    }),

    operation(
      ids.commenters,
      { params, query: PaginationQuery, response: ListOf(Member) },
      async (call) => {
        const scope = await resolve(call);
        requireDiscussion(scope, 'see who commented');
        const { db } = call.ctx;
        const page = await listCommenters(db, scope, call.query);
        const counts = await memberCounts(db, scope.organizationId, page.rows);
        const items = page.rows.map((row) =>
          memberResource(row, counts.get(row.user_id) ?? { spaces: 0, teams: 0 }, call.baseUrl),
        );
        return envelope(items, page);
      },
    ),
  ];
}

/** Comments on a space's main content and on its change requests. */
export const commentOperations: readonly Operation[] = [
  ...discussionOperations(
    {
      list: 'listCommentsInSpace',
      post: 'postCommentInSpace',
      get: 'getCommentInSpace',
      update: 'updateCommentInSpace',
      delete: 'deleteCommentInSpace',
      listReplies: 'listCommentRepliesInSpace',
      postReply: 'postCommentReplyInSpace',
      getReply: 'getCommentReplyInSpace',
      updateReply: 'updateCommentReplyInSpace',
      deleteReply: 'deleteCommentReplyInSpace',
      commenters: 'listSpaceCommenters',
    },
    ['spaceId'],
    UpdateCommentReplyBody,
    ({ ctx, caller, params }) => spaceCommentScope(ctx, caller, params.spaceId),
  ),
  ...discussionOperations(
    {
      list: 'listCommentsInChangeRequest',
      post: 'postCommentInChangeRequest',
      get: 'getCommentInChangeRequest',
      update: 'updateCommentInChangeRequest',
      delete: 'deleteCommentInChangeRequest',
      listReplies: 'listCommentRepliesInChangeRequest',
      postReply: 'postCommentReplyInChangeRequest',
      getReply: 'getCommentReplyInChangeRequest',
      updateReply: 'updateCommentReplyInChangeRequest',
      deleteReply: 'deleteCommentReplyInChangeRequest',
      commenters: 'listChangeRequestCommenters',
    },
    ['spaceId', 'changeRequestId'],
    UpdateChangeRequestCommentReplyBody,
    ({ ctx, caller, params }) =>
      changeRequestCommentScope(ctx, caller, params.spaceId, params.changeRequestId),
  ),
];
