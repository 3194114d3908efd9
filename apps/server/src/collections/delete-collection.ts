import type { Selectable } from 'kysely';
import { roleOf } from '../access/roles.js';
import { removeSpacesFromSites } from '../sites/remove-from-site.js';
import { visibilityUnder } from '../spaces/visibility-under.js';
import type { CollectionsTable, Db } from '../storage/schema.js';
import type { CollectionTree } from './collection-tree.js';
import { nextPosition } from './sibling-order.js';

/**
 * Deletes a collection and every collection nested in it. docsync does not destroy spaces
 * along with them: each space inside is deleted the way DELETE on the space deletes it, so it
 * can be restored for 7 days and is removed for good after that. A space already in its restore
 * window keeps its original deletion time.
 *
 * A restored space comes back at the top level of the organization, because its collection no
 * longer exists. So that nobody gains access by the collection's removal, the space keeps the
 * default level it inherited (written on the space itself) and `in-collection` visibility
 * becomes `private`. Sites stop publishing the spaces, as when a space is deleted. Run it in a
 * transaction.
 */
export async function deleteCollection(
  db: Db,
  tree: CollectionTree,
  collection: Selectable<CollectionsTable>,
  now: Date,
): Promise<void> {
  const removed = tree.subtree(collection.id);
  // Empty only when a concurrent request deleted it first: nothing is left to do.
  if (removed.length === 0) return;
  const at = now.toISOString();
  const spaces = await db
    .selectFrom('spaces')
    .selectAll()
    .where('parent_id', 'in', removed)
    .orderBy('position')
    .orderBy('id')
    .execute();
  let position = await nextPosition(db, {
    organizationId: collection.organization_id,
    parentId: null,
  });
  for (const space of spaces) {
    const inherited = tree.inheritedDefault(space.parent_id);
    await db
      .updateTable('spaces')
      .set({
        parent_id: null,
        position: position++,
        visibility: visibilityUnder(space.visibility, null),
        default_level: space.default_level ?? (inherited === undefined ? null : roleOf(inherited)),
        deleted_at: space.deleted_at ?? at,
        updated_at: at,
      })
      .where('id', '=', space.id)
      .execute();
  }
  await removeSpacesFromSites(db, spaces, now);
  // One statement for the whole subtree: the parent links among the removed rows are checked at
  // its end, when none of them is left.
  await db.deleteFrom('collections').where('id', 'in', removed).execute();
}
