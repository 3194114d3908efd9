import type { Comment, CommentReply, User } from '@docsync/api';
import type { JSONDocument } from '@docsync/core';
import type { CommentFormat } from '../comments/comment-body.js';
import type { CommentReplyRow, CommentRow } from '../comments/comment-rows.js';
import { reactionsResource, type ReactionRow } from '../comments/reactions.js';
import { readJson } from './json-column.js';
import { resourceUrls } from './resource-urls.js';

/** What a comment or reply resource needs besides its row. */
export interface PostContext {
  baseUrl: string;
  /** The API path of the space or change request the post belongs to. */
  discussion: string;
  format: CommentFormat;
  /** With format `document`: each post's body as a document, by post id. */
  documents?: ReadonlyMap<string, JSONDocument>;
  /** The user of an id (one whose row is gone still shows, by id). */
  userOf: (userId: string) => User;
  reactions: readonly ReactionRow[];
  permissions: Comment['permissions'];
}

/** Who replied to a comment: how often, and when last. */
export interface ReplierRow {
  user_id: string;
  count: number;
  updated_at: string;
}

/** What a comment resource needs besides {@link PostContext}. */
export interface CommentContext extends PostContext {
  /** Most recent first. */
  repliers: readonly ReplierRow[];
}

/** A post's body in the format asked for. */
function bodyOf(row: CommentRow | CommentReplyRow, context: PostContext): Comment['body'] {
  const document = context.format === 'document' ? context.documents?.get(row.id) : undefined;
  return document === undefined ? { markdown: row.body } : { document };
}

/** The members comments and replies share. */
function postMembers(row: CommentRow | CommentReplyRow, context: PostContext) {
  return {
    id: row.id,
    postedBy: context.userOf(row.author_id),
    postedAt: row.posted_at,
    ...(row.edited_at === null ? {} : { editedAt: row.edited_at }),
    reactions: reactionsResource(context.reactions, context.userOf),
    body: bodyOf(row, context),
    permissions: context.permissions,
  };
}

/** The API's Comment for a stored one. */
export function commentResource(row: CommentRow, context: CommentContext): Comment {
  const target: Comment['target'] = { space: row.space_id, revision: row.revision_id };
  if (row.change_request_id !== null) target.changeRequest = row.change_request_id;
  if (row.page_id !== null) target.page = { id: row.page_id };
  if (row.node_id !== null) target.node = { id: row.node_id };
  if (row.table_cell !== null)
    target.tableCell = readJson(row.table_cell) as { record: string; definition: string };
  const comment: Comment = {
    object: 'comment',
    ...postMembers(row, context),
    replies: context.repliers.reduce((sum, replier) => sum + replier.count, 0),
    repliers: context.repliers.map((replier) => ({
      updatedAt: replier.updated_at,
      count: replier.count,
      user: context.userOf(replier.user_id),
    })),
    target,
    urls: resourceUrls.comment(context.baseUrl, context.discussion, row.id),
    status: row.status === 'resolved' ? 'resolved' : 'open',
  };
  if (row.resolved_at !== null) comment.resolvedAt = row.resolved_at;
  if (row.resolved_by !== null) comment.resolvedBy = context.userOf(row.resolved_by);
  return comment;
}

/** The API's CommentReply for a stored one. */
export function commentReplyResource(row: CommentReplyRow, context: PostContext): CommentReply {
  return {
    object: 'comment-reply',
    ...postMembers(row, context),
    urls: resourceUrls.commentReply(context.baseUrl, context.discussion, row.comment_id, row.id),
  };
}
