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
import { nextPosition } from '../collections/sibling-order.js';
import { spaceTarget } from '../content/space-target.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { afterKey, loadPage } from '../pagination.js';
import { writeJson } from '../resources/json-column.js';
import { spaceResource } from '../resources/space-resource.js';
import { spaceActivities, spaceActivity } from '../spaces/space-activity.js';
import { readSpaceView, spaceViewResource } from '../spaces/read-space-view.js';
import { requireSpace } from '../spaces/space-access.js';
import { deleteSpace } from '../spaces/space-lifecycle.js';
import { levelNeededFor, spaceUpdates } from '../spaces/space-updates.js';
import { applyTemplate } from '../templates/apply-template.js';
import { planTemplate } from '../templates/plan-template.js';

/** Title of a space created without one. */
const DEFAULT_SPACE_TITLE = 'Untitled space';

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
      await ctx.db
        .updateTable('spaces')
        .set(spaceUpdates(body, ctx.clock.now()))
        .where('id', '=', params.spaceId)
        .execute();
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      return spaceResource(space, level, await spaceActivity(ctx.db, space.id), baseUrl);
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
      await ctx.db
        .updateTable('spaces')
        .set({ deleted_at: null, updated_at: ctx.clock.now().toISOString() })
        .where('id', '=', params.spaceId)
        .execute();
      const { space, level } = await requireSpace(ctx.db, caller, params.spaceId, {
        clock: ctx.clock,
      });
      return spaceResource(space, level, await spaceActivity(ctx.db, space.id), baseUrl);
    },
  ),

  operation(
    'createSpace',
    { params: ['organizationId'], body: CreateSpaceBody, response: Space },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      const parent = body.parent ?? null;
      if (parent !== null) {
        const collection = await ctx.db
          .selectFrom('collections')
          .select('id')
          .where('id', '=', parent)
          .where('organization_id', '=', params.organizationId)
          .executeTakeFirst();
        if (collection === undefined) throw new NotFoundError('Collection');
      }
      // A collection's default level can lower the caller's role for what goes inside it.
      const levelHere = contentLevel(access.level, await inheritedDefaultLevel(ctx.db, parent));
      requireLevel(levelHere, 'create', 'create spaces here');
      // A new space has no files: checked before anything is made, so a bad template makes no space.
      if (body.template !== undefined) planTemplate(body.template.id, body.template.params, []);
      // Spaces and collections share one sibling order; a new space goes after both.
      const position = await nextPosition(ctx.db, {
        organizationId: params.organizationId,
        parentId: parent,
      });
      const now = ctx.clock.now().toISOString();
      const id = ctx.ids();
      await ctx.db
        .insertInto('spaces')
        .values({
          id,
          organization_id: params.organizationId,
          parent_id: parent,
          title: body.title ?? DEFAULT_SPACE_TITLE,
          emoji: body.emoji ?? '',
          visibility: parent === null ? 'private' : 'in-collection',
          edit_mode: body.editMode ?? 'live',
          language: body.language ?? null,
          merge_rules: writeJson({ type: 'inherit' }),
          default_level: null,
          revision_id: ctx.ids(),
          position,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .execute();
      if (body.template !== undefined) {
        try {
          await applyTemplate(ctx, spaceTarget(id), body.template, caller.userId);
        } catch (error) {
          await ctx.db.deleteFrom('spaces').where('id', '=', id).execute();
          throw error;
        }
      }
      const { space, level } = await requireSpace(ctx.db, caller, id, { clock: ctx.clock });
      return spaceResource(space, level, await spaceActivity(ctx.db, space.id), baseUrl);
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
      const active = ctx.db
        .selectFrom('spaces')
        .where('organization_id', '=', params.organizationId)
        .where('deleted_at', 'is', null);
      const page = await loadPage(
        query,
        2,
        (after, take) =>
          active
            .selectAll()
            .$if(after !== undefined, (q) => q.where(afterKey(['created_at', 'id'], after ?? [])))
            .orderBy('created_at')
            .orderBy('id')
            .limit(take)
            .execute(),
        (row) => [row.created_at, row.id],
      );
      const counted = await active
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirst();
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
        count: Number(counted?.count ?? 0),
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),
];
