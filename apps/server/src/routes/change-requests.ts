import {
  ChangeRequest,
  ChangeRequestMergeResult,
  ChangeRequestUpdateResult,
  CreateChangeRequestBody,
  ListChangeRequestsQuery,
  ListOf,
  UpdateChangeRequestBody,
} from '@docsync/api';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { atLeast } from '../access/roles.js';
import { requireChangeRequest } from '../change-requests/change-request-row.js';
import { changeRequestTarget } from '../change-requests/change-request-target.js';
import { updateChangeRequest } from '../change-requests/change-request-updates.js';
import {
  createChangeRequest,
  discardChangeRequest,
} from '../change-requests/create-change-request.js';
import { listChangeRequests } from '../change-requests/list-change-requests.js';
import { mergeChangeRequest } from '../change-requests/merge-change-request.js';
import {
  presentChangeRequest,
  presentChangeRequests,
} from '../change-requests/present-change-requests.js';
import { updateFromMain } from '../change-requests/update-from-main.js';
import { ConflictError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { spaceRevision } from '../content/space-revision.js';
import { requireSpace } from '../spaces/space-access.js';
import { applyTemplate } from '../templates/apply-template.js';
import { planTemplate } from '../templates/plan-template.js';

/**
 * Change requests: create, list (of a space or an organization), get (by id or number), patch,
 * merge, update from main. Reading needs view access to the space; everything else needs `edit`, the level that
 * may change the main content directly.
 */
export const changeRequestOperations: readonly Operation[] = [
  operation(
    'listChangeRequestsForSpace',
    { params: ['spaceId'], query: ListChangeRequestsQuery, response: ListOf(ChangeRequest) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { space } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const page = await listChangeRequests(ctx.db, { spaceId: space.id }, query);
      return {
        items: await presentChangeRequests(ctx.db, page.rows, baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'listChangeRequestsInOrganization',
    { params: ['organizationId'], query: ListChangeRequestsQuery, response: ListOf(ChangeRequest) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      // As for the organization's spaces: every member but a guest sees every active space.
      if (!atLeast(access.level, 'read')) return { items: [], count: 0 };
      const page = await listChangeRequests(
        ctx.db,
        { organizationId: params.organizationId },
        query,
      );
      return {
        items: await presentChangeRequests(ctx.db, page.rows, baseUrl),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createChangeRequest',
    { params: ['spaceId'], body: CreateChangeRequestBody, response: ChangeRequest },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      requireLevel(level, 'edit', 'open a change request on the space');
      const { template } = body;
      // Checked on the space's content first, so a bad template opens no change request.
      if (template !== undefined) {
        planTemplate(template.id, template.params, (await spaceRevision(ctx, space)).content.files);
      }
      const row = await createChangeRequest(ctx, {
        spaceId: params.spaceId,
        subject: body.subject ?? '',
        creatorId: caller.userId,
      });
      if (template === undefined) return presentChangeRequest(ctx.db, row, baseUrl);
      try {
        await applyTemplate(
          ctx,
          changeRequestTarget(row.space_id, row.id, caller.userId),
          template,
          caller.userId,
        );
      } catch (error) {
        // The space moved between the check and the write (a file went): open nothing.
        await discardChangeRequest(ctx.db, row.id);
        throw error;
      }
      const applied = await requireChangeRequest(ctx.db, row.space_id, row.id);
      return presentChangeRequest(ctx.db, applied, baseUrl);
    },
  ),

  operation(
    'getChangeRequestById',
    { params: ['spaceId', 'changeRequestId'], response: ChangeRequest },
    async ({ params, caller, ctx, baseUrl }) => {
      await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      const row = await requireChangeRequest(ctx.db, params.spaceId, params.changeRequestId);
      return presentChangeRequest(ctx.db, row, baseUrl);
    },
  ),

  operation(
    'updateChangeRequestById',
    {
      params: ['spaceId', 'changeRequestId'],
      body: UpdateChangeRequestBody,
      response: ChangeRequest,
    },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'change a change request');
      const row = await requireChangeRequest(ctx.db, params.spaceId, params.changeRequestId);
      // Merged is final: its content is in the main content. Subject and description may still
      // be corrected. The condition is checked by the update itself, so a merge racing this
      // request cannot be undone by it.
      if (!(await updateChangeRequest(ctx.db, row.id, body, ctx.clock.now())))
        throw new ConflictError(
          `Change request #${row.number} is merged; its status can no longer change`,
        );
      const after = await requireChangeRequest(ctx.db, params.spaceId, row.id);
      return presentChangeRequest(ctx.db, after, baseUrl);
    },
  ),

  operation(
    'mergeChangeRequest',
    { params: ['spaceId', 'changeRequestId'], response: ChangeRequestMergeResult },
    async ({ params, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'merge a change request into the space');
      const row = await requireChangeRequest(ctx.db, params.spaceId, params.changeRequestId);
      const { revision, result } = await mergeChangeRequest(ctx, row, caller.userId);
      // A merge may have queued runs of the space's translations.
      if (result === 'merge') ctx.jobs.wake();
      return { revision, result };
    },
  ),

  operation(
    'updateChangeRequestFromMain',
    { params: ['spaceId', 'changeRequestId'], response: ChangeRequestUpdateResult },
    async ({ params, caller, ctx }) => {
      const { level } = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(level, 'edit', 'update a change request from the main content');
      const row = await requireChangeRequest(ctx.db, params.spaceId, params.changeRequestId);
      const { revision, result } = await updateFromMain(ctx, row, caller.userId);
      return { revision, result };
    },
  ),
];
