import type { Selectable } from 'kysely';
import type { CollectionsTable, Db } from '../storage/schema.js';
import { moveItem, movingItem, type MoveRequest } from './plan-move.js';

/** Moves a collection where `request` says in its organization's tree (see `planMove`). */
export async function moveCollection(
  db: Db,
  collection: Selectable<CollectionsTable>,
  request: MoveRequest,
  now: Date,
): Promise<void> {
  await moveItem(db, movingItem('collection', collection), request, async (trx, placement) => {
    await trx
      .updateTable('collections')
      .set({
        parent_id: placement.parentId,
        position: placement.position,
        updated_at: now.toISOString(),
      })
      .where('id', '=', collection.id)
      .execute();
  });
}
