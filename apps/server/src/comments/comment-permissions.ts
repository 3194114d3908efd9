import type { Comment } from '@docsync/api';
import { atLeast, type Level } from '../access/roles.js';
import { ForbiddenError } from '../errors.js';

/**
 * What a caller may do with a comment or reply. Anyone who takes part in the discussions
 * (`comment` and above) views, replies, reacts, resolves and reopens; only the author edits the
 * text; the author or an `admin` of the space deletes it.
 */
export function postPermissions(
  level: Level,
  callerId: string,
  authorId: string,
): Comment['permissions'] {
  const discusses = atLeast(level, 'comment');
  return {
    view: discusses,
    edit: discusses && callerId === authorId,
    reply: discusses,
    delete: discusses && (callerId === authorId || atLeast(level, 'admin')),
  };
}

/** A comment or a reply, for the messages: `comment` or `reply`. */
export type PostKind = 'comment' | 'reply';

/** 403 unless the caller wrote the post (only authors edit their text). */
export function requireAuthor(kind: PostKind, authorId: string, callerId: string): void {
  if (authorId !== callerId)
    throw new ForbiddenError(`Only the author of a ${kind} can edit its text`);
}

/** 403 unless the caller may delete the post: its author, or an `admin` of the space. */
export function requireDeleter(
  kind: PostKind,
  level: Level,
  authorId: string,
  callerId: string,
): void {
  if (!postPermissions(level, callerId, authorId).delete)
    throw new ForbiddenError(
      `Only the author of a ${kind} or an \`admin\` of the space can delete it`,
    );
}
