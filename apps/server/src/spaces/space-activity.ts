import { openSpaceComments } from '../comments/open-comment-counts.js';
import type { Space } from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import type { Clock } from '../clock.js';
import { spaceResource, type SpaceActivity } from '../resources/space-resource.js';
import { requireSpace } from './space-access.js';
import type { Db } from '../storage/schema.js';

/** A space without change requests or open comments. */
const NONE: SpaceActivity = {
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
};

/**
 * The change request and comment counts of some spaces, by space id, in two queries however
 * many spaces: `changeRequests` counts them all whatever their status; `changeRequestsOpen` and
 * `changeRequestsDraft` those in that status; `comments` the open comments on the main content.
 */
export async function spaceActivities(
  db: Db,
  spaceIds: readonly string[],
): Promise<(spaceId: string) => SpaceActivity> {
  const activities = new Map(spaceIds.map((id) => [id, { ...NONE }]));
  const of = (spaceId: string) => activities.get(spaceId) ?? { ...NONE };
  if (spaceIds.length === 0) return of;
  const [counts, comments] = await Promise.all([
    db
      .selectFrom('change_requests')
      .select(['space_id', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('space_id', 'in', [...new Set(spaceIds)])
      .groupBy(['space_id', 'status'])
      .execute(),
    openSpaceComments(db, spaceIds),
  ]);
  for (const row of counts) {
    const activity = activities.get(row.space_id);
    if (activity === undefined) continue;
    const count = Number(row.count);
    activity.changeRequests += count;
    if (row.status === 'open') activity.changeRequestsOpen += count;
    if (row.status === 'draft') activity.changeRequestsDraft += count;
  }
  for (const [spaceId, count] of comments) {
    const activity = activities.get(spaceId);
    if (activity !== undefined) activity.comments = count;
  }
  return of;
}

/** The change request and comment counts of one space. */
export async function spaceActivity(db: Db, spaceId: string): Promise<SpaceActivity> {
  return (await spaceActivities(db, [spaceId]))(spaceId);
}

/**
 * A space as the API shows it to the caller after a change: read again with the caller's access
 * and its activity counts (the answer of create, update, restore, move, transfer, duplicate).
 */
export async function showSpace(
  db: Db,
  caller: Caller,
  spaceId: string,
  options: { clock: Clock; baseUrl: string },
): Promise<Space> {
  const { space, level } = await requireSpace(db, caller, spaceId, { clock: options.clock });
  return spaceResource(space, level, await spaceActivity(db, space.id), options.baseUrl);
}
