import type { MemberSpace } from '@docsync/api';
import { spaceLevel } from '../access/effective-level.js';
import { levelOf, roleOf, type Level } from '../access/roles.js';
import { listByKeys } from '../pagination.js';
import { spaceResource } from '../resources/space-resource.js';
import { spaceActivities } from '../spaces/space-activity.js';
import type { Db } from '../storage/schema.js';

/** What {@link listMemberSpaces} lists for. */
export interface MemberSpacesRequest {
  organizationId: string;
  /** The stored role of the member whose spaces are listed. */
  memberRole: string | null;
  /** The caller's level in the organization: the embedded spaces' `permissions` are theirs. */
  callerLevel: Level;
  baseUrl: string;
  page?: string | undefined;
  limit?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/**
 * One page of the active spaces a member can access, newest first by default, each with the
 * member's level on it (`permission`). Members who are not guests access every space, at their
 * role lowered by the space's inherited default level; guests access only spaces they are
 * invited to, and invitations do not exist yet.
 */
export async function listMemberSpaces(
  db: Db,
  request: MemberSpacesRequest,
): Promise<{ items: MemberSpace[]; count: number; next?: { page: string } }> {
  const memberLevel = levelOf(request.memberRole);
  if (memberLevel === 'guest') return { items: [], count: 0 };
  const order = request.order ?? 'desc';
  const descending = order === 'desc';
  const active = db
    .selectFrom('spaces')
    .where('organization_id', '=', request.organizationId)
    .where('deleted_at', 'is', null);
  // The cursor carries the order it was issued for: reused with the other order it is a 400.
  const page = await listByKeys(request, active, (q) => q.selectAll(), {
    columns: ['created_at', 'id'],
    keyOf: (row) => [row.created_at, row.id],
    descending,
    settings: {
      values: [order],
      mismatch: (cursor) =>
        `query/page was issued for \`order=${String(cursor[0])}\`; repeat it with the cursor`,
    },
  });
  const activityOf = await spaceActivities(
    db,
    page.rows.map((space) => space.id),
  );
  const items: MemberSpace[] = [];
  for (const space of page.rows) {
    const permission = roleOf(await spaceLevel(db, memberLevel, space));
    // A member who is not a guest never drops to guest on a space; kept for the type.
    if (permission === null) continue;
    const callerLevel = await spaceLevel(db, request.callerLevel, space);
    items.push({
      permission,
      space: spaceResource(space, callerLevel, activityOf(space.id), request.baseUrl),
    });
  }
  return {
    items,
    count: page.count,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
