import { GitTree, GitTreePages, GitTreePagesBody, GitTreeQuery } from '@docsync/api';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { gitTreeListing, type GitTreeTarget } from '../git-tree/git-tree-listing.js';
import { gitTreePages } from '../git-tree/git-tree-pages.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';

/**
 * The content a request lists: the space's current revision, or the change request's head
 * revision when one is named. Reading needs view access, as the content reads do (a caller who
 * cannot view the space gets 404).
 */
async function resolveTarget(
  { params, caller, ctx }: Call<'spaceId', unknown, unknown>,
  changeRequest: string | undefined,
): Promise<GitTreeTarget> {
  const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
  const revisionId =
    changeRequest === undefined
      ? space.revision_id
      : (await requireChangeRequest(ctx.db, space.id, changeRequest)).head_revision_id;
  return { spaceId: space.id, revisionId };
}

/**
 * Git Sync (extension): the files the current revision of a space, or of one of its change
 * requests, is written as, with their blob ids; and many pages' markdown in one request.
 */
export const gitTreeOperations: readonly Operation[] = [
  operation(
    'getGitTree',
    { params: ['spaceId'], query: GitTreeQuery, response: GitTree },
    async (call) =>
      gitTreeListing(call.ctx.db, await resolveTarget(call, call.query.changeRequest)),
  ),

  operation(
    'getGitTreePages',
    { params: ['spaceId'], body: GitTreePagesBody, response: GitTreePages },
    async (call) =>
      gitTreePages(
        call.ctx.db,
        await resolveTarget(call, call.body.changeRequest),
        call.body.pages,
      ),
  ),
];
