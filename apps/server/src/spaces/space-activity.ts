import type { SpaceActivity } from '../resources/space-resource.js';
import type { Db } from '../storage/schema.js';

/** A space without change requests. Comments do not exist yet, so every space has none. */
const NONE: SpaceActivity = {
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
};

/**
 * The change request counts of some spaces, read in one query, by space id: `changeRequests`
 * counts them all whatever their status; `changeRequestsOpen` and `changeRequestsDraft` those
 * in that status.
 */
export async function spaceActivities(
  db: Db,
  spaceIds: readonly string[],
): Promise<(spaceId: string) => SpaceActivity> {
  const activities = new Map(spaceIds.map((id) => [id, { ...NONE }]));
  const of = (spaceId: string) => activities.get(spaceId) ?? { ...NONE };
  if (spaceIds.length === 0) return of;
  const counts = await db
    .selectFrom('change_requests')
    .select(['space_id', 'status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('space_id', 'in', [...new Set(spaceIds)])
    .groupBy(['space_id', 'status'])
    .execute();
  for (const row of counts) {
    const activity = activities.get(row.space_id);
    if (activity === undefined) continue;
    const count = Number(row.count);
    activity.changeRequests += count;
    if (row.status === 'open') activity.changeRequestsOpen += count;
    if (row.status === 'draft') activity.changeRequestsDraft += count;
  }
  return of;
}

/** The change request counts of one space. */
export async function spaceActivity(db: Db, spaceId: string): Promise<SpaceActivity> {
  return (await spaceActivities(db, [spaceId]))(spaceId);
}
