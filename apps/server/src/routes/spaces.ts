import {
  CreateSpaceBody,
  GetSpaceQuery,
  ListOf,
  PaginationQuery,
  Space,
  UpdateSpaceBody,
} from '@docsync/api';
import { inheritedDefaultLevel, spaceLevel, contentLevel } from '../access/effective-level.js';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { requireMergeRuleMembers } from '../change-requests/reviews/merge-rule-users.js';
import { atLeast } from '../access/roles.js';
import { requireCollectionIn } from '../collections/collection-access.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { spaceResource } from '../resources/space-resource.js';
import { listOrganizationSpaces } from '../spaces/list-spaces.js';
import { showSpace, spaceActivities } from '../spaces/space-activity.js';
import { readSpaceView, spaceViewResource } from '../spaces/read-space-view.js';
import { requireSpace } from '../spaces/space-access.js';
import { createSpace } from '../spaces/create-space.js';
import { deleteSpace, restoreSpace } from '../spaces/space-lifecycle.js';
import { levelNeededFor, updateSpace } from '../spaces/space-updates.js';
import { planTemplate } from '../templates/plan-template.js';

/** The Spaces section (get, patch, delete, restore) and the create and list extensions. */
export const spaceOperations: readonly Operation[] = [
  operation(
    'getSpaceById',
    { params: ['spaceId'], query: GetSpaceQuery, response: Space },
    async ({ params, caller, ctx, baseUrl }) => {
      // `shareKey` resolves published URLs of share-link spaces; no space is published yet, so
      // there is nothing for it to resolve and the space is the same with or without it.
      const view = await readSpaceView(ctx.reads, caller, params.spaceId, ctx.clock);
      return spaceViewResource(view, baseUrl);
    },
  ),

  operation(
    'updateSpaceById',
    { params: ['spaceId'], body: UpdateSpaceBody, response: Space },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock });
      requireLevel(access.level, levelNeededFor(body), 'change these settings of the space');
      await requireMergeRuleMembers(ctx.db, access.space.organization_id, body.mergeRules);
      await updateSpace(ctx.db, params.spaceId, body, ctx.clock.now());
      return showSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock, baseUrl });
    },
  ),

  operation(
    'deleteSpaceById',
    { params: ['spaceId'], response: null },
    async ({ params, caller, ctx }) => {
      // Deleting a space that is absent, already deleted or invisible to the caller succeeds
      // and changes nothing ("deleting a missing space also succeeds with no content").
      const access = await requireSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock }).catch(
        (error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        },
      );
      if (access === undefined) return undefined;
      requireLevel(access.level, 'admin', 'delete the space');
      const now = ctx.clock.now();
      await ctx.db.transaction().execute((trx) => deleteSpace(trx, access.space, now));
      return undefined;
    },
  ),

  operation(
    'restoreSpace',
    { params: ['spaceId'], response: Space },
    async ({ params, caller, ctx, baseUrl }) => {
      // Past the 7-day window the space is gone for good: requireSpace answers 404.
      const access = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
        deleted: true,
      });
      requireLevel(access.level, 'admin', 'restore the space');
      await restoreSpace(ctx.db, params.spaceId, ctx.clock.now());
      return showSpace(ctx.db, caller, params.spaceId, { clock: ctx.clock, baseUrl });
    },
  ),

  operation(
    'createSpace',
    { params: ['organizationId'], body: CreateSpaceBody, response: Space },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      const parent = body.parent ?? null;
      if (parent !== null) await requireCollectionIn(ctx.db, params.organizationId, parent);
      // A collection's default level can lower the caller's role for what goes inside it.
      const levelHere = contentLevel(access.level, await inheritedDefaultLevel(ctx.db, parent));
      requireLevel(levelHere, 'create', 'create spaces here');
      // A new space has no files: checked before anything is made, so a bad template makes no space.
      if (body.template !== undefined) planTemplate(body.template.id, body.template.params, []);
      const id = await createSpace(ctx, {
        organizationId: params.organizationId,
        parentId: parent,
        body,
        authorId: caller.userId,
      });
      return showSpace(ctx.db, caller, id, { clock: ctx.clock, baseUrl });
    },
  ),

  operation(
    'listSpacesInOrganization',
    { params: ['organizationId'], query: PaginationQuery, response: ListOf(Space) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      // Default levels lower a member's role to at most `read`, so every member who is not a
      // guest sees every space; guests see only spaces they are invited to (none yet).
      if (!atLeast(access.level, 'read')) return { items: [], count: 0 };
      // An installation narrowed to some spaces lists only those.
      const page = await listOrganizationSpaces(
        ctx.db,
        params.organizationId,
        query,
        caller.integration?.spaces,
      );
      const activityOf = await spaceActivities(
        ctx.db,
        page.rows.map((row) => row.id),
      );
      const items = [];
      for (const row of page.rows) {
        items.push(
          spaceResource(
            row,
            await spaceLevel(ctx.db, access.level, row),
            activityOf(row.id),
            baseUrl,
          ),
        );
      }
      return {
        items,
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),
];
