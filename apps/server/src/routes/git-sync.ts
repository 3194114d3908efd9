import {
  GitImportBody,
  GitInfo,
  GitInfoQuery,
  MissingGitBlobs,
  MissingGitBlobsBody,
  UploadGitBlobsBody,
  type RevisionGit,
} from '@docsync/api';
import { requireLevel } from '../access/organization-access.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { changeRequestTarget } from '../change-requests/change-request-target.js';
import { importTree } from '../content/import-tree.js';
import { lastSync } from '../content/last-sync.js';
import { spaceTarget } from '../content/space-target.js';
import { storeBlobs } from '../content/store-blobs.js';
import { BadRequestError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';

/**
 * Git Sync (extension): the inline import a local daemon uses (ask which blobs are missing,
 * upload those, import the tree) and the sync state of a space.
 */
export const gitSyncOperations: readonly Operation[] = [
  operation(
    'findMissingGitBlobs',
    { params: ['spaceId'], body: MissingGitBlobsBody, response: MissingGitBlobs },
    async ({ params, body, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'send content to the space');
      const asked = [...new Set(body.oids)];
      const held = await Promise.all(asked.map((oid) => ctx.blobs.has(oid)));
      return { missing: asked.filter((_, index) => held[index] !== true) };
    },
  ),

  operation(
    'uploadGitBlobs',
    { params: ['spaceId'], body: UploadGitBlobsBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'send content to the space');
      await storeBlobs(ctx.blobs, body.blobs);
      return undefined;
    },
  ),

  operation(
    'importGitRepository',
    { params: ['spaceId'], body: GitImportBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'import content into the space');
      if ('url' in body)
        throw new BadRequestError(
          'docsync imports trees sent inline (`tree` and `commit`, or `base` and `changes`); it does not fetch `url`',
        );
      // A change request is checked before any blob is read, so an unknown one is a plain 404.
      const target =
        body.changeRequest === undefined
          ? spaceTarget(params.spaceId)
          : changeRequestTarget(
              params.spaceId,
              (await requireChangeRequest(ctx.db, params.spaceId, body.changeRequest)).id,
              caller.userId,
            );
      const git: RevisionGit = {
        oid: body.commit.oid,
        message: body.commit.message,
        ...(body.commit.ref === undefined ? {} : { ref: body.commit.ref }),
      };
      await importTree(ctx, {
        target,
        tree: 'tree' in body ? body.tree : { base: body.base, changes: body.changes },
        git,
        authorId: caller.userId,
        force: body.force,
      });
      return undefined;
    },
  ),

  operation(
    'getGitInfo',
    { params: ['spaceId'], query: GitInfoQuery, response: GitInfo },
    async ({ params, query, caller, ctx }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      // A change request answers for its own content: its head, and the newest revision of its
      // history (its own, then the space's it was opened from) imported from a commit. One small
      // read, so a client finds which branch a change request holds without its page tree.
      const changeRequest =
        query.changeRequest === undefined
          ? undefined
          : await requireChangeRequest(ctx.db, space.id, query.changeRequest);
      const revision = changeRequest?.head_revision_id ?? space.revision_id;
      const synced = await lastSync(ctx.db, revision);
      return {
        space: space.id,
        ...(changeRequest === undefined ? {} : { changeRequest: changeRequest.id }),
        revision,
        ...(synced === undefined ? {} : { lastSync: synced }),
      };
    },
  ),
];
