import {
  GitImportBody,
  GitInfo,
  GitInfoQuery,
  GitSyncPoint,
  GitSyncPoints,
  ListGitSyncPointsQuery,
  MissingGitBlobs,
  MissingGitBlobsBody,
  RecordGitSyncPointBody,
  UploadGitBlobsBody,
  type RevisionGit,
} from '@docsync/api';
import { requireLevel } from '../access/organization-access.js';
import { mapBlobs } from '../blobs/bounded.js';
import { organizationBlobs, recordSpaceBlobs } from '../blobs/space-blobs.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { changeRequestTarget } from '../change-requests/change-request-target.js';
import { rebaseChangeRequest } from '../change-requests/change-request-updates.js';
import { importTree } from '../content/import-tree.js';
import { lastSync, type LastSync } from '../content/last-sync.js';
import { requireMainLineRevision } from '../content/space-revisions.js';
import { spaceTarget } from '../content/space-target.js';
import { storeBlobs } from '../content/store-blobs.js';
import {
  findSyncPoint,
  listSyncPoints,
  recordSyncPoint,
  syncPointResource,
} from '../content/sync-points.js';
import { BadRequestError } from '../errors.js';
import { gitTreeListed } from '../git-tree/git-tree-listing.js';
import { operation, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';
import type { Db } from '../storage/schema.js';

/** A space's newest sync point as `git/info`'s `lastSync`. */
async function newestSyncPoint(db: Db, spaceId: string): Promise<LastSync | undefined> {
  const [newest] = await listSyncPoints(db, spaceId, 1);
  if (newest === undefined) return undefined;
  const { commit, revision } = syncPointResource(newest);
  return { revision, git: commit };
}

/**
 * Git Sync (extension): the inline import a local daemon uses (ask which blobs are missing,
 * upload those, import the tree), the sync state of a space and its sync points.
 */
export const gitSyncOperations: readonly Operation[] = [
  operation(
    'findMissingGitBlobs',
    { params: ['spaceId'], body: MissingGitBlobsBody, response: MissingGitBlobs },
    async ({ params, body, caller, ctx }) => {
      const { level, space } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'send content to the space');
      // Missing for this organization: what another one uploaded is uploaded again (and checked).
      const asked = [...new Set(body.oids)];
      const held = await organizationBlobs(ctx.db, space.organization_id, asked);
      const stored = await mapBlobs(asked, async (oid) => held.has(oid) && ctx.blobs.has(oid));
      return { missing: asked.filter((_, index) => !stored[index]) };
    },
  ),

  operation(
    'uploadGitBlobs',
    { params: ['spaceId'], body: UploadGitBlobsBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'send content to the space');
      // An import follows: its parses should not wait for the workers to start.
      ctx.markdown.warm();
      const stored = await storeBlobs(ctx.blobs, body.blobs);
      // The import that follows needs no lookup of their sizes (see `readTreeBlobs`), nor, for
      // its pages, to read and parse them (see `ParsesAhead`).
      for (const blob of stored) ctx.conversions.rememberSize(blob.oid, blob.bytes.byteLength);
      ctx.conversions.ahead.start(ctx.markdown, stored);
      await recordSpaceBlobs(
        ctx.db,
        params.spaceId,
        stored.map((blob) => blob.oid),
      );
      return undefined;
    },
  ),

  operation(
    'importGitRepository',
    { params: ['spaceId'], body: GitImportBody, response: null },
    async ({ params, body, caller, ctx }) => {
      const { level, space } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'import content into the space');
      if ('url' in body)
        throw new BadRequestError(
          'docsync imports trees sent inline (`tree` and `commit`, or `base` and `changes`); it does not fetch `url`',
        );
      // A change request is checked before any blob is read, so an unknown one is a plain 404.
      const changeRequest =
        body.changeRequest === undefined
          ? undefined
          : await requireChangeRequest(ctx.db, params.spaceId, body.changeRequest);
      const target =
        changeRequest === undefined
          ? spaceTarget(params.spaceId)
          : changeRequestTarget(params.spaceId, changeRequest.id, caller.userId);
      if (body.mainRevision !== undefined) {
        if (changeRequest === undefined)
          throw new BadRequestError('`mainRevision` goes with `changeRequest`');
        await requireMainLineRevision(ctx.db, space, body.mainRevision, 'body/mainRevision');
      }
      const git: RevisionGit = {
        oid: body.commit.oid,
        message: body.commit.message,
        ...(body.commit.ref === undefined ? {} : { ref: body.commit.ref }),
      };
      // The tree holds that main revision: the change request merges from there from now on
      // (moved with the import, so a failed import leaves the change request as it was).
      const { mainRevision } = body;
      const moveBase =
        changeRequest === undefined || mainRevision === undefined
          ? undefined
          : (trx: Db) => rebaseChangeRequest(trx, changeRequest.id, mainRevision);
      const imported = await importTree(ctx, {
        target,
        organizationId: space.organization_id,
        tree: 'tree' in body ? body.tree : { base: body.base, changes: body.changes },
        git,
        authorId: caller.userId,
        force: body.force,
        alsoWrite: moveBase,
      });
      // A pull follows a push: its listing (and that of any later revision laid out alike, see
      // `listByDifference`) is made while the client is not waiting for it.
      if (imported.created)
        ctx.later.start(`listing:${params.spaceId}`, 'listing the imported revision', () =>
          gitTreeListed(
            ctx,
            { spaceId: params.spaceId, revisionId: imported.revisionId },
            { pace: () => ctx.later.idle() },
          ),
        );
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
      // The space answers its newest sync point: the newest pair of a commit and a revision
      // both sides saw (an import, a merged imported change request, a recorded pull).
      const revision = changeRequest?.head_revision_id ?? space.revision_id;
      const synced =
        changeRequest === undefined
          ? await newestSyncPoint(ctx.db, space.id)
          : await lastSync(ctx.db, revision);
      return {
        space: space.id,
        ...(changeRequest === undefined ? {} : { changeRequest: changeRequest.id }),
        revision,
        ...(synced === undefined ? {} : { lastSync: synced }),
      };
    },
  ),

  operation(
    'listGitSyncPoints',
    { params: ['spaceId'], query: ListGitSyncPointsQuery, response: GitSyncPoints },
    async ({ params, query, caller, ctx }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const commits = query.commits?.split(',');
      const rows = await listSyncPoints(ctx.db, space.id, query.limit ?? 50, commits);
      return { items: rows.map(syncPointResource) };
    },
  ),

  operation(
    'recordGitSyncPoint',
    { params: ['spaceId'], body: RecordGitSyncPointBody, response: GitSyncPoint },
    async ({ params, body, caller, ctx, reply }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'record a sync point of the space');
      const pair = { spaceId: space.id, oid: body.commit.oid, revisionId: body.revision };
      // The pair recorded already (by this call before, an import, a merge): that point, as it is.
      const known = await findSyncPoint(ctx.db, pair);
      if (known !== undefined) return syncPointResource(known);
      await requireMainLineRevision(ctx.db, space, body.revision, 'body/revision');
      const git: RevisionGit = {
        oid: body.commit.oid,
        message: body.commit.message,
        ...(body.commit.ref === undefined ? {} : { ref: body.commit.ref }),
      };
      const recorded = await recordSyncPoint(ctx.db, {
        spaceId: space.id,
        git,
        revisionId: body.revision,
        now: ctx.clock.now().toISOString(),
      });
      // Recorded meanwhile by a request racing this one: that point.
      if (recorded === undefined) {
        const raced = await findSyncPoint(ctx.db, pair);
        if (raced === undefined) throw new Error('a sync point was neither recorded nor found');
        return syncPointResource(raced);
      }
      reply.status(201);
      return syncPointResource(recorded);
    },
  ),
];
