import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { requireLevel } from '../access/organization-access.js';
import type { Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import type { ServerContext } from '../server-context.js';
import { requireSpace } from '../spaces/space-access.js';
import type { DatabaseSchema } from '../storage/schema.js';

/**
 * Where a discussion lives, as the caller sees it: a space's main content, or one of its change
 * requests. Both hold comments the same way; only the revision they are posted on differs.
 */
export interface CommentScope {
  spaceId: string;
  /** Null for the space's main content. */
  changeRequestId: string | null;
  /** The organization owning the space (commenters are its members). */
  organizationId: string;
  /** The revision a comment posted now is on: the space's, or the change request's head. */
  revisionId: string;
  /** The caller's level on the space. */
  level: Level;
  /** The API path of the discussion (`/v1/spaces/{id}` or `…/change-requests/{id}`). */
  path: string;
}

/** The main content of a space the caller can see (404 otherwise). */
export async function spaceCommentScope(
  ctx: ServerContext,
  caller: Caller,
  spaceId: string,
): Promise<CommentScope> {
  const { space, level } = await requireSpace(ctx.db, caller, spaceId, { clock: ctx.clock });
  return {
    spaceId: space.id,
    changeRequestId: null,
    organizationId: space.organization_id,
    revisionId: space.revision_id,
    level,
    path: `/v1/spaces/${space.id}`,
  };
}

/** A change request (by id or number) of a space the caller can see (404 otherwise). */
export async function changeRequestCommentScope(
  ctx: ServerContext,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
): Promise<CommentScope> {
  const { space, level } = await requireSpace(ctx.db, caller, spaceId, { clock: ctx.clock });
  const changeRequest = await requireChangeRequest(ctx.db, space.id, changeRequestId);
  return {
    spaceId: space.id,
    changeRequestId: changeRequest.id,
    organizationId: space.organization_id,
    revisionId: changeRequest.head_revision_id,
    level,
    path: `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`,
  };
}

/**
 * 403 unless the caller may take part in the scope's discussions. The role table gives
 * discussions to `comment` and above ("can access content and its discussions"); `read` only
 * reads the content, so a reader neither reads nor writes comments.
 */
export function requireDiscussion(scope: CommentScope, action: string): void {
  requireLevel(scope.level, 'comment', action);
}

/**
 * The condition "this row of `comments` belongs to the scope", for any query that has the
 * `comments` table (alone or joined with its replies).
 */
export function inScope(
  scope: CommentScope,
): (eb: ExpressionBuilder<DatabaseSchema, 'comments'>) => Expression<SqlBool> {
  return (eb) =>
    eb.and([
      eb('comments.space_id', '=', scope.spaceId),
      scope.changeRequestId === null
        ? eb('comments.change_request_id', 'is', null)
        : eb('comments.change_request_id', '=', scope.changeRequestId),
    ]);
}
