import type { MoveSpaceOrCollectionBody } from '@docsync/api';
import type { Static } from 'typebox';
import { ConflictError } from '../errors.js';
import type { Db } from '../storage/schema.js';
import { CollectionTree } from './collection-tree.js';
import { placeAmongSiblings, type Sibling } from './sibling-order.js';

/** A move request: a new parent (null: the top level) and a place among the new siblings. */
export type MoveRequest = Static<typeof MoveSpaceOrCollectionBody>;

/** The space or collection being moved, where it is now. */
export interface MovingItem {
  kind: Sibling['kind'];
  id: string;
  organizationId: string;
  parentId: string | null;
}

/** Where a moved item ends up. */
export interface Placement {
  parentId: string | null;
  position: number;
}

/** The parent of an active space or a collection of the organization; undefined if neither. */
async function parentOfSibling(
  db: Db,
  tree: CollectionTree,
  organizationId: string,
  id: string,
): Promise<string | null | undefined> {
  const space = await db
    .selectFrom('spaces')
    .select('parent_id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return space === undefined ? tree.parentOf(id) : space.parent_id;
}

/**
 * Where a move puts an item. The new parent is `parent` when given; otherwise the parent of the
 * `position` reference (so "before X" lands next to X wherever X is); otherwise the current one.
 * Without a position the item goes last. 409 for a target that cannot hold it: a collection of
 * another organization (or none at all: both answer alike, so ids of other organizations cannot
 * be probed), a collection inside the moved one, or a reference that is not a child of the
 * target parent. Run it in the transaction that writes the placement.
 */
export async function planMove(
  db: Db,
  tree: CollectionTree,
  item: MovingItem,
  request: MoveRequest,
): Promise<Placement> {
  const referenceId = request.position?.before?.space ?? request.position?.after?.space;
  let parentId: string | null;
  if (request.parent !== undefined) {
    parentId = request.parent;
    if (parentId !== null && !tree.has(parentId)) {
      throw new ConflictError(
        `body/parent \`${parentId}\` is not a collection of the organization of this ${item.kind}`,
      );
    }
  } else if (referenceId !== undefined) {
    const parent = await parentOfSibling(db, tree, item.organizationId, referenceId);
    if (parent === undefined || referenceId === item.id) {
      throw new ConflictError(
        `body/position: \`${referenceId}\` is not another space or collection of this organization`,
      );
    }
    parentId = parent;
  } else {
    parentId = item.parentId;
  }
  if (item.kind === 'collection' && tree.isWithin(parentId, item.id)) {
    throw new ConflictError(
      `body/parent: collection \`${item.id}\` cannot move into itself or a collection inside it`,
    );
  }
  const position = await placeAmongSiblings(
    db,
    { organizationId: item.organizationId, parentId },
    item,
    request.position,
  );
  if (position === undefined) {
    throw new ConflictError(
      `body/position: \`${referenceId ?? ''}\` is not another space or collection in the target ${parentId === null ? 'top level' : `collection \`${parentId}\``}`,
    );
  }
  return { parentId, position };
}

/** The item a move moves: a space's or collection's row. */
export function movingItem(
  kind: MovingItem['kind'],
  row: { id: string; organization_id: string; parent_id: string | null },
): MovingItem {
  return { kind, id: row.id, organizationId: row.organization_id, parentId: row.parent_id };
}

/**
 * Moves an item: in one transaction, plans its placement in its organization's tree (see
 * {@link planMove}) and writes it with `place`.
 */
export async function moveItem(
  db: Db,
  item: MovingItem,
  request: MoveRequest,
  place: (trx: Db, placement: Placement) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tree = await CollectionTree.load(trx, item.organizationId);
    await place(trx, await planMove(trx, tree, item, request));
  });
}
