import { Type, type Static } from 'typebox';
import { DateTime, ListQuery, Permissions, StringEnum, Urls } from './common.js';
import { Document } from './document.js';
import { User } from './user.js';

/** A comment body as read: markdown, or a JSON document when `format=document`. */
const CommentBody = Type.Union([
  Type.Object({ markdown: Type.String() }),
  Type.Object({ document: Document }),
]);

/** A comment body as written. */
const MarkdownBody = Type.Object({ markdown: Type.String({ minLength: 1 }) });

/** Who reacted with one emoji, and how many. */
const Reaction = Type.Object({
  emoji: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  users: Type.Array(Type.Object({ user: User, reactedAt: DateTime() })),
});

/** Members every comment and reply share. */
const postProperties = {
  id: Type.String(),
  postedBy: User,
  postedAt: DateTime(),
  editedAt: Type.Optional(DateTime()),
  reactions: Type.Array(Reaction),
  body: CommentBody,
  urls: Urls(['location']),
  permissions: Permissions(['view', 'edit', 'reply', 'delete']),
};

/** Whether a comment is resolved. */
export const CommentStatus = StringEnum(['open', 'resolved'], { title: 'CommentStatus' });

/** A comment on a space or change request, optionally anchored to a page, node or table cell. */
export const Comment = Type.Object(
  {
    object: Type.Literal('comment'),
    ...postProperties,
    replies: Type.Integer({ minimum: 0 }),
    repliers: Type.Array(
      Type.Object({ updatedAt: DateTime(), count: Type.Integer({ minimum: 0 }), user: User }),
    ),
    target: Type.Object({
      node: Type.Optional(Type.Object({ id: Type.String() })),
      tableCell: Type.Optional(Type.Object({ record: Type.String(), definition: Type.String() })),
      changeRequest: Type.Optional(Type.String()),
      review: Type.Optional(Type.String()),
      page: Type.Optional(Type.Object({ id: Type.String() })),
      space: Type.Optional(Type.String()),
      revision: Type.Optional(Type.String()),
    }),
    status: CommentStatus,
    resolvedAt: Type.Optional(DateTime()),
    resolvedBy: Type.Optional(User),
  },
  { title: 'Comment' },
);
/** A comment. */
export type Comment = Static<typeof Comment>;

/** A reply to a comment. */
export const CommentReply = Type.Object(
  { object: Type.Literal('comment-reply'), ...postProperties },
  { title: 'CommentReply' },
);
/** A reply to a comment. */
export type CommentReply = Static<typeof CommentReply>;

/** `format`: comment bodies as markdown (the default) or as JSON documents. */
const format = Type.Optional(StringEnum(['markdown', 'document'], { default: 'markdown' }));

/** List comments, newest first by default. */
export const ListCommentsQuery = ListQuery({
  order: Type.Optional(StringEnum(['asc', 'desc'], { default: 'desc' })),
  status: Type.Optional(StringEnum(['all', 'open', 'resolved'], { default: 'all' })),
  format,
  targetPage: Type.Optional(Type.String({ description: 'Page id.' })),
  authors: Type.Optional(
    Type.Array(Type.String(), { description: 'User ids; repeat the key for several.' }),
  ),
});
/** List comments. */
export type ListCommentsQuery = Static<typeof ListCommentsQuery>;

/** Read one comment or reply. */
export const GetCommentQuery = Type.Object({ format });

/** List the replies to a comment. */
export const ListCommentRepliesQuery = ListQuery({ format });

/** POST a comment, anchored to a page and optionally a node or table cell of it. */
export const PostCommentBody = Type.Object(
  {
    body: MarkdownBody,
    page: Type.Optional(Type.String({ description: 'Page id.' })),
    node: Type.Optional(Type.String({ description: 'Node id within the page.' })),
    tableCell: Type.Optional(Type.Object({ record: Type.String(), definition: Type.String() })),
  },
  { title: 'PostCommentBody' },
);
/** POST a comment. */
export type PostCommentBody = Static<typeof PostCommentBody>;

const reactionChanges = {
  addedReactions: Type.Optional(Type.Array(Type.String(), { description: 'Emojis.' })),
  removedReactions: Type.Optional(Type.Array(Type.String(), { description: 'Emojis.' })),
};

/** PUT a comment: resolve or reopen it, edit it, react to it. */
export const UpdateCommentBody = Type.Object(
  {
    resolved: Type.Optional(Type.Boolean()),
    body: Type.Optional(MarkdownBody),
    ...reactionChanges,
  },
  { title: 'UpdateCommentBody' },
);
/** PUT a comment. */
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

/** POST a reply. */
export const PostCommentReplyBody = Type.Object(
  { body: MarkdownBody },
  { title: 'PostCommentReplyBody' },
);
/** POST a reply. */
export type PostCommentReplyBody = Static<typeof PostCommentReplyBody>;

/** PUT a reply in a space: edit it, react to it. */
export const UpdateCommentReplyBody = Type.Object(
  { body: Type.Optional(MarkdownBody), ...reactionChanges },
  { title: 'UpdateCommentReplyBody' },
);
/** PUT a reply in a space. */
export type UpdateCommentReplyBody = Static<typeof UpdateCommentReplyBody>;

/** PUT a reply in a change request, which may also resolve the thread. */
export const UpdateChangeRequestCommentReplyBody = Type.Object(
  {
    resolved: Type.Optional(Type.Boolean()),
    body: Type.Optional(MarkdownBody),
    ...reactionChanges,
  },
  { title: 'UpdateChangeRequestCommentReplyBody' },
);
/** PUT a reply in a change request. */
export type UpdateChangeRequestCommentReplyBody = Static<
  typeof UpdateChangeRequestCommentReplyBody
>;
