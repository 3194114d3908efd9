import { listByKeys, type PageRequest } from '../pagination.js';
import { amongIds } from '../storage/among-ids.js';
import type { Db } from '../storage/schema.js';

/** One page of an organization's spaces (not deleted), oldest first; only those of `only` if given. */
export async function listOrganizationSpaces(
  db: Db,
  organizationId: string,
  request: PageRequest,
  only?: ReadonlySet<string>,
) {
  const active = db
    .selectFrom('spaces')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .$if(only !== undefined, (q) => q.where(amongIds('id', only ?? new Set())));
  return listByKeys(request, active, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}

/** One page of the spaces (not deleted) right inside a collection, in sibling order. */
export async function listCollectionSpaces(db: Db, collectionId: string, request: PageRequest) {
  const inside = db
    .selectFrom('spaces')
    .where('parent_id', '=', collectionId)
    .where('deleted_at', 'is', null);
  return listByKeys(request, inside, (q) => q.selectAll(), {
    columns: ['position', 'id'],
    keyOf: (row) => [row.position, row.id],
  });
}
