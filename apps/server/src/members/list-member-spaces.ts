import type { MemberSpace } from '@docsync/api';
import { spaceLevel } from '../access/effective-level.js';
import { BadRequestError } from '../errors.js';
import { levelOf, roleOf, type Level } from '../access/roles.js';
import { afterKey, loadPage } from '../pagination.js';
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
  const page = await loadPage(
    request,
    3,
    (after, take) => {
      if (after !== undefined && after[0] !== order) {
        throw new BadRequestError(
          `query/page was issued for \`order=${String(after[0])}\`; repeat it with the cursor`,
        );
      }
      return active
        .selectAll()
        .$if(after !== undefined, (q) =>
          q.where(afterKey(['created_at', 'id'], after?.slice(1) ?? [], { descending })),
        )
        .orderBy('created_at', order)
        .orderBy('id', order)
        .limit(take)
        .execute();
    },
    (row) => [order, row.created_at, row.id],
  );
  const counted = await active
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirst();
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
    count: Number(counted?.count ?? 0),
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
