import type { Selectable } from 'kysely';
import { moveItem, movingItem, type MoveRequest } from '../collections/plan-move.js';
import type { Db, SpacesTable } from '../storage/schema.js';
import { visibilityUnder } from './visibility-under.js';

/**
 * Moves a space where `request` says in its organization's tree (see `planMove`); its visibility
 * follows its new parent.
 */
export async function moveSpace(
  db: Db,
  space: Selectable<SpacesTable>,
  request: MoveRequest,
  now: Date,
): Promise<void> {
  await moveItem(db, movingItem('space', space), request, async (trx, placement) => {
    await trx
      .updateTable('spaces')
      .set({
        parent_id: placement.parentId,
        position: placement.position,
        visibility: visibilityUnder(space.visibility, placement.parentId),
        updated_at: now.toISOString(),
      })
      .where('id', '=', space.id)
      .execute();
  });
}
