import { listByKeys, type PageRequest } from '../pagination.js';
import type { Db } from '../storage/schema.js';

/**
 * One page of an organization's collections in sibling order (`position`, then id), nested ones
 * too unless `nested` is false.
 */
export async function listCollections(
  db: Db,
  organizationId: string,
  request: PageRequest & { nested?: boolean | undefined },
) {
  const listed = db
    .selectFrom('collections')
    .where('organization_id', '=', organizationId)
    .$if(request.nested === false, (q) => q.where('parent_id', 'is', null));
  return listByKeys(request, listed, (q) => q.selectAll(), {
    columns: ['position', 'id'],
    keyOf: (row) => [row.position, row.id],
  });
}
