import {
  GitTree,
  GitTreeFiles,
  GitTreeFilesBody,
  GitTreePages,
  GitTreePagesBody,
  GitTreeQuery,
} from '@docsync/api';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { requireSpaceRevision } from '../content/space-revisions.js';
import { BadRequestError } from '../errors.js';
import { gitTreeFiles } from '../git-tree/git-tree-files.js';
import { gitTreeListing, type GitTreeTarget } from '../git-tree/git-tree-listing.js';
import { gitTreePages } from '../git-tree/git-tree-pages.js';
import { listingSince } from '../git-tree/listing-since.js';
import { operation, type Call, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';

/** What a request names: a change request, a revision of the space, or neither. */
interface Named {
  changeRequest?: string | undefined;
  revision?: string | undefined;
}

/**
 * The content a request reads: the space's current revision, the change request's head revision
 * when one is named, or the revision named (one the space's main content is or was at, or a
 * change request's: 404 `revision-not-found` otherwise). Reading needs view access, as the
 * content reads do (a caller who cannot view the space gets 404).
 */
async function resolveTarget(
  { params, caller, ctx }: Call<'spaceId', unknown, unknown>,
  named: Named,
  where: 'query' | 'body',
): Promise<GitTreeTarget & { space: { id: string; revision_id: string } }> {
  if (named.changeRequest !== undefined && named.revision !== undefined)
    throw new BadRequestError(
      `${where}/revision and ${where}/changeRequest name two contents; give one of them`,
    );
  const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
  let revisionId = space.revision_id;
  if (named.revision !== undefined) {
    await requireSpaceRevision(ctx.db, space, named.revision);
    revisionId = named.revision;
  } else if (named.changeRequest !== undefined)
    revisionId = (await requireChangeRequest(ctx.db, space.id, named.changeRequest))
      .head_revision_id;
  return { spaceId: space.id, revisionId, space };
}

/**
 * Git Sync (extension): the files a revision of a space is written as (its current one, a change
 * request's head, or any named), with their blob ids, or only what changed since another
 * revision; many pages' markdown, and any listed files' bytes, in one request.
 */
export const gitTreeOperations: readonly Operation[] = [
  operation(
    'getGitTree',
    { params: ['spaceId'], query: GitTreeQuery, response: GitTree },
    async (call) => {
      const target = await resolveTarget(call, call.query, 'query');
      const listing = await gitTreeListing(call.ctx, target);
      const since = call.query.since;
      if (since === undefined) return listing;
      await requireSpaceRevision(call.ctx.db, target.space, since);
      const before = await gitTreeListing(call.ctx, {
        spaceId: target.spaceId,
        revisionId: since,
      });
      return listingSince(listing, before);
    },
  ),

  operation(
    'getGitTreePages',
    { params: ['spaceId'], body: GitTreePagesBody, response: GitTreePages },
    async (call) =>
      gitTreePages(call.ctx, await resolveTarget(call, call.body, 'body'), call.body.pages),
  ),

  operation(
    'getGitTreeFiles',
    { params: ['spaceId'], body: GitTreeFilesBody, response: GitTreeFiles },
    async (call) =>
      gitTreeFiles(
        call.ctx,
        call.ctx.blobs,
        await resolveTarget(call, call.body, 'body'),
        call.body.paths,
      ),
  ),
];
