import { ChangeRequestContentChangesBody, ChangeRequestContentChangesResult } from '@docsync/api';
import { requireLevel } from '../access/organization-access.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { applyContentChanges } from '../change-requests/content-changes/apply-content-changes.js';
import { presentChangeRequest } from '../change-requests/present-change-requests.js';
import { spaceRevision } from '../content/space-revision.js';
import { operation, type Operation } from '../http/operation.js';
import { requireSpace } from '../spaces/space-access.js';
import { contentReadOperations } from './content-reads.js';

/**
 * Change request content reads: the same reads as the space's, of the change request's head
 * revision (which starts as the space revision it was created from), and the batch of page and
 * file operations that writes it.
 */
export const changeRequestContentOperations: readonly Operation[] = [
  ...contentReadOperations(
    {
      revision: 'getChangeRequestRevision',
      pages: 'listChangeRequestPages',
      page: 'getChangeRequestPageById',
      files: 'listChangeRequestFiles',
      file: 'getChangeRequestFileById',
      reusableContent: 'getReusableContentInChangeRequestById',
    },
    ['spaceId', 'changeRequestId'],
    async ({ params, caller, ctx }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, space.id, params.changeRequestId);
      return {
        spaceId: space.id,
        organizationId: space.organization_id,
        revisionId: row.head_revision_id,
        revision: (options) =>
          spaceRevision(
            ctx,
            { id: space.id, revision_id: row.head_revision_id, created_at: row.created_at },
            options,
          ),
      };
    },
  ),

  operation(
    'applyChangeRequestContentChanges',
    {
      params: ['spaceId', 'changeRequestId'],
      body: ChangeRequestContentChangesBody,
      response: ChangeRequestContentChangesResult,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'edit a change request');
      const row = await requireChangeRequest(ctx.db, params.spaceId, params.changeRequestId);
      const applied = await applyContentChanges(ctx, {
        changeRequest: row,
        changes: body.changes,
        revision: body.revision,
        authorId: caller.userId,
      });
      const after = await requireChangeRequest(ctx.db, params.spaceId, row.id);
      return {
        changeRequest: await presentChangeRequest(ctx.db, after, baseUrl),
        changes: applied.results,
      };
    },
  ),
];
