import type { Selectable } from 'kysely';
import { PreconditionFailedError } from '../transfers/precondition-failed-error.js';
import type { CollectionsTable, Db } from '../storage/schema.js';
import type { CollectionTree } from './collection-tree.js';
import { nextPosition } from './sibling-order.js';

/**
 * Moves a collection with everything in it (nested collections and their spaces, including
 * spaces in their restore window) to another organization, where it lands last at the top
 * level. 412 when the target is the organization it is already in: there is nothing to
 * transfer (a move changes its place within the organization). Run it in a transaction.
 */
export async function transferCollection(
  db: Db,
  tree: CollectionTree,
  collection: Selectable<CollectionsTable>,
  organizationId: string,
  now: Date,
): Promise<void> {
  if (organizationId === collection.organization_id) {
    throw new PreconditionFailedError(
      `Collection \`${collection.id}\` already belongs to organization \`${organizationId}\`; transfer it to another organization`,
    );
  }
  const moved = tree.subtree(collection.id);
  // Empty only when a concurrent request deleted it first: nothing is left to transfer.
  if (moved.length === 0) return;
  const at = now.toISOString();
  const position = await nextPosition(db, { organizationId, parentId: null });
  await db
    .updateTable('collections')
    .set({ organization_id: organizationId, updated_at: at })
    .where('id', 'in', moved)
    .execute();
  await db
    .updateTable('collections')
    .set({ parent_id: null, position })
    .where('id', '=', collection.id)
    .execute();
  await db
    .updateTable('spaces')
    .set({ organization_id: organizationId, updated_at: at })
    .where('parent_id', 'in', moved)
    .execute();
}
