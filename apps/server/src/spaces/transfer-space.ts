import type { TransferSpaceBody } from '@docsync/api';
import type { Selectable } from 'kysely';
import { nextPosition } from '../collections/sibling-order.js';
import { removeSpacesFromSites } from '../sites/remove-from-site.js';
import type { Db, SpacesTable } from '../storage/schema.js';
import { PreconditionFailedError } from '../transfers/precondition-failed-error.js';
import { visibilityUnder } from './visibility-under.js';

/**
 * Transfers a space "to another organization, collection or both": it lands last in the named
 * collection, or at the top level of the organization when none is named. 412 when a
 * precondition fails: the collection is not one of the target organization's, or the target is
 * where the space already is. A space leaving every collection loses `in-collection`
 * visibility (see `visibilityUnder`); a space leaving its organization leaves its sites. Run it
 * in a transaction.
 */
export async function transferSpace(
  db: Db,
  space: Selectable<SpacesTable>,
  request: TransferSpaceBody,
  now: Date,
): Promise<void> {
  const organizationId = request.organization;
  const parentId = request.collection ?? null;
  if (parentId !== null) {
    const collection = await db
      .selectFrom('collections')
      .select('id')
      .where('id', '=', parentId)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (collection === undefined) {
      throw new PreconditionFailedError(
        `body/collection \`${parentId}\` is not a collection of organization \`${organizationId}\``,
      );
    }
  }
  if (organizationId === space.organization_id && parentId === space.parent_id) {
    throw new PreconditionFailedError(
      `Space \`${space.id}\` is already ${parentId === null ? 'at the top level of' : `in collection \`${parentId}\` of`} organization \`${organizationId}\`; transfer it to another organization or collection`,
    );
  }
  await db
    .updateTable('spaces')
    .set({
      organization_id: organizationId,
      parent_id: parentId,
      position: await nextPosition(db, { organizationId, parentId }),
      visibility: visibilityUnder(space.visibility, parentId),
      updated_at: now.toISOString(),
    })
    .where('id', '=', space.id)
    .execute();
  // A site publishes spaces of its own organization only.
  if (organizationId !== space.organization_id) await removeSpacesFromSites(db, [space], now);
}
