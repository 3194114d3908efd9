import type { TSchema } from 'typebox';
import {
  Comment,
  CommentReply,
  GetCommentQuery,
  ListCommentRepliesQuery,
  ListCommentsQuery,
  PostCommentBody,
  PostCommentReplyBody,
  UpdateChangeRequestCommentReplyBody,
  UpdateCommentBody,
  UpdateCommentReplyBody,
} from '../schemas/comment.js';
import { ListOf, PaginationQuery } from '../schemas/common.js';
import { Member } from '../schemas/member.js';
import { defineRoutes, type RouteInput } from './define-routes.js';

/** Where the comments live: the base paths differ, the operations are the same. */
interface CommentScope {
  readonly owner: string;
  /** Suffix of every operationId (`InSpace`, `InChangeRequest`). */
  readonly in: string;
  readonly commenters: string;
  readonly updateReplyBody: TSchema;
  /** The description lists reply listing for change requests only; spaces get it as extension. */
  readonly repliesListIsExtension: boolean;
}

function commentRouteInputs(scope: CommentScope): RouteInput[] {
  const base = `${scope.owner}/comments`;
  const comment = `${base}/{commentId}`;
  const reply = `${comment}/replies/{commentReplyId}`;
  return [
    {
      operationId: `listComments${scope.in}`,
      method: 'GET',
      path: base,
      summary: 'List comments, newest first by default.',
      query: ListCommentsQuery,
      responses: { 200: ListOf(Comment) },
    },
    {
      operationId: `postComment${scope.in}`,
      method: 'POST',
      path: base,
      summary: 'Post a comment, optionally on a page, node or table cell.',
      body: PostCommentBody,
      responses: { 200: Comment },
    },
    {
      operationId: `getComment${scope.in}`,
      method: 'GET',
      path: comment,
      summary: 'Get a comment.',
      query: GetCommentQuery,
      responses: { 200: Comment },
    },
    {
      operationId: `updateComment${scope.in}`,
      method: 'PUT',
      path: comment,
      summary: 'Resolve or reopen a comment, edit it, or change reactions to it.',
      body: UpdateCommentBody,
      responses: { 200: Comment },
    },
    {
      operationId: `deleteComment${scope.in}`,
      method: 'DELETE',
      path: comment,
      summary: 'Delete a comment (succeeds when it does not exist).',
      responses: { 204: null },
    },
    {
      operationId: `listCommentReplies${scope.in}`,
      method: 'GET',
      path: `${comment}/replies`,
      summary: 'List the replies to a comment.',
      query: ListCommentRepliesQuery,
      responses: { 200: ListOf(CommentReply) },
      ...(scope.repliesListIsExtension ? { extension: true as const } : {}),
    },
    {
      operationId: `postCommentReply${scope.in}`,
      method: 'POST',
      path: `${comment}/replies`,
      summary: 'Reply to a comment.',
      body: PostCommentReplyBody,
      responses: { 200: CommentReply },
    },
    {
      operationId: `getCommentReply${scope.in}`,
      method: 'GET',
      path: reply,
      summary: 'Get a reply.',
      query: GetCommentQuery,
      responses: { 200: CommentReply },
    },
    {
      operationId: `updateCommentReply${scope.in}`,
      method: 'PUT',
      path: reply,
      summary: 'Edit a reply or change reactions to it.',
      body: scope.updateReplyBody,
      responses: { 200: CommentReply },
    },
    {
      operationId: `deleteCommentReply${scope.in}`,
      method: 'DELETE',
      path: reply,
      summary: 'Delete a reply (succeeds when it does not exist).',
      responses: { 204: null },
    },
    {
      operationId: scope.commenters,
      method: 'GET',
      path: `${scope.owner}/commenters`,
      summary: 'List the members who commented.',
      query: PaginationQuery,
      responses: { 200: ListOf(Member) },
    },
  ];
}

/** Comments and replies on spaces and on change requests. */
export const commentRoutes = defineRoutes('Comments', [
  ...commentRouteInputs({
    owner: '/v1/spaces/{spaceId}',
    in: 'InSpace',
    commenters: 'listSpaceCommenters',
    updateReplyBody: UpdateCommentReplyBody,
    repliesListIsExtension: true,
  }),
  ...commentRouteInputs({
    owner: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}',
    in: 'InChangeRequest',
    commenters: 'listChangeRequestCommenters',
    updateReplyBody: UpdateChangeRequestCommentReplyBody,
    repliesListIsExtension: false,
  }),
]);
