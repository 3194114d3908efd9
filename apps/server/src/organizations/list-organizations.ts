import type { Db } from '../storage/schema.js';
import { listByKeys, type PageRequest } from '../pagination.js';

/** One page of the organizations `userId` is an active member of, oldest first, with the role. */
export async function listCallerOrganizations(db: Db, userId: string, request: PageRequest) {
  const mine = db
    .selectFrom('organizations')
    .innerJoin('members', 'members.organization_id', 'organizations.id')
    .where('members.user_id', '=', userId)
    .where('members.disabled', '=', false);
  return listByKeys(
    request,
    mine,
    (q) => q.selectAll('organizations').select('members.role as member_role'),
    {
      columns: ['organizations.created_at', 'organizations.id'],
      keyOf: (row) => [row.created_at, row.id],
    },
  );
}
