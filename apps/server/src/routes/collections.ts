import {
  Collection,
  CreateCollectionBody,
  ListCollectionsQuery,
  ListOf,
  MoveSpaceOrCollectionBody,
  PaginationQuery,
  Space,
  TransferCollectionBody,
  UpdateCollectionBody,
} from '@docsync/api';
import { canView, contentLevel, inheritedDefaultLevel } from '../access/effective-level.js';
import { requireLevel, requireOrganization } from '../access/organization-access.js';
import { requireCollection, requireCollectionIn } from '../collections/collection-access.js';
import { CollectionTree } from '../collections/collection-tree.js';
import { createCollection } from '../collections/create-collection.js';
import { collectionLevelNeededFor, updateCollection } from '../collections/collection-updates.js';
import { deleteCollection } from '../collections/delete-collection.js';
import { listCollections } from '../collections/list-collections.js';
import { moveCollection } from '../collections/move-collection.js';
import { transferCollection } from '../collections/transfer-collection.js';
import { NotFoundError } from '../errors.js';
import { operation, type Operation } from '../http/operation.js';
import { collectionResource } from '../resources/collection-resource.js';
import { spaceResource } from '../resources/space-resource.js';
import { listCollectionSpaces } from '../spaces/list-spaces.js';
import { spaceActivities } from '../spaces/space-activity.js';
import { requireTransferTarget } from '../transfers/require-transfer-target.js';

/**
 * The Collections section. Lists are in sibling order (`position`, then id), so the order moves
 * set is the order lists show; a nested list interleaves collections of different parents by
 * their place among their own siblings.
 */
export const collectionOperations: readonly Operation[] = [
  operation(
    'getCollectionById',
    { params: ['collectionId'], response: Collection },
    async ({ params, caller, ctx, baseUrl }) => {
      const { collection, level } = await requireCollection(ctx.db, caller, params.collectionId);
      return collectionResource(collection, level, baseUrl);
    },
  ),

  operation(
    'updateCollectionById',
    { params: ['collectionId'], body: UpdateCollectionBody, response: Collection },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireCollection(ctx.db, caller, params.collectionId);
      requireLevel(access.level, collectionLevelNeededFor(body), 'change this collection');
      await updateCollection(ctx.db, params.collectionId, body, ctx.clock.now());
      const { collection, level } = await requireCollection(ctx.db, caller, params.collectionId);
      return collectionResource(collection, level, baseUrl);
    },
  ),

  operation(
    'deleteCollectionById',
    { params: ['collectionId'], response: null },
    async ({ params, caller, ctx }) => {
      // Deleting a collection that is absent or invisible to the caller succeeds and changes
      // nothing, as for spaces.
      const access = await requireCollection(ctx.db, caller, params.collectionId).catch(
        (error: unknown) => {
          if (error instanceof NotFoundError) return undefined;
          throw error;
        },
      );
      if (access === undefined) return undefined;
      requireLevel(access.level, 'admin', 'delete the collection');
      await ctx.db.transaction().execute(async (trx) => {
        const tree = await CollectionTree.load(trx, access.collection.organization_id);
        await deleteCollection(trx, tree, access.collection, ctx.clock.now());
      });
      return undefined;
    },
  ),

  operation(
    'listSpacesInCollectionById',
    { params: ['collectionId'], query: PaginationQuery, response: ListOf(Space) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const { collection, organizationLevel } = await requireCollection(
        ctx.db,
        caller,
        params.collectionId,
      );
      const page = await listCollectionSpaces(ctx.db, collection.id, query);
      const tree = await CollectionTree.load(ctx.db, collection.organization_id);
      const activityOf = await spaceActivities(
        ctx.db,
        page.rows.map((row) => row.id),
      );
      return {
        items: page.rows.map((row) =>
          spaceResource(row, tree.levelFor(organizationLevel, row), activityOf(row.id), baseUrl),
        ),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'moveCollection',
    { params: ['collectionId'], body: MoveSpaceOrCollectionBody, response: Collection },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireCollection(ctx.db, caller, params.collectionId);
      // A move changes the default level the collection inherits, so who may read what is in it.
      requireLevel(access.level, 'admin', 'move the collection');
      const { collection } = access;
      await moveCollection(ctx.db, collection, body, ctx.clock.now());
      const moved = await requireCollection(ctx.db, caller, collection.id);
      return collectionResource(moved.collection, moved.level, baseUrl);
    },
  ),

  operation(
    'transferCollection',
    { params: ['collectionId'], body: TransferCollectionBody, response: Collection },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireCollection(ctx.db, caller, params.collectionId);
      requireLevel(access.level, 'admin', 'transfer the collection');
      await requireTransferTarget(ctx.db, caller, body.organization);
      await ctx.db.transaction().execute(async (trx) => {
        const tree = await CollectionTree.load(trx, access.collection.organization_id);
        await transferCollection(trx, tree, access.collection, body.organization, ctx.clock.now());
      });
      const moved = await requireCollection(ctx.db, caller, access.collection.id);
      return collectionResource(moved.collection, moved.level, baseUrl);
    },
  ),

  operation(
    'listCollections',
    { params: ['organizationId'], query: ListCollectionsQuery, response: ListOf(Collection) },
    async ({ params, query, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      // Default levels lower a member's role to at most `read`, so every member who is not a
      // guest sees every collection; guests see only what they are invited to (nothing yet).
      if (!canView(access.level)) return { items: [], count: 0 };
      const page = await listCollections(ctx.db, params.organizationId, query);
      const tree = await CollectionTree.load(ctx.db, params.organizationId);
      return {
        items: page.rows.map((row) =>
          collectionResource(row, tree.levelFor(access.level, row), baseUrl),
        ),
        count: page.count,
        ...(page.next === undefined ? {} : { next: page.next }),
      };
    },
  ),

  operation(
    'createCollection',
    { params: ['organizationId'], body: CreateCollectionBody, response: Collection },
    async ({ params, body, caller, ctx, baseUrl }) => {
      const access = await requireOrganization(ctx.db, caller, params.organizationId);
      const parentId = body.parent ?? null;
      if (parentId !== null) await requireCollectionIn(ctx.db, params.organizationId, parentId);
      // A parent's default level can lower the caller's role for what goes inside it.
      const levelHere = contentLevel(access.level, await inheritedDefaultLevel(ctx.db, parentId));
      requireLevel(levelHere, 'create', 'create collections here');
      const id = await createCollection(ctx, {
        organizationId: params.organizationId,
        parentId,
        title: body.title,
      });
      const { collection, level } = await requireCollection(ctx.db, caller, id);
      return collectionResource(collection, level, baseUrl);
    },
  ),
];
