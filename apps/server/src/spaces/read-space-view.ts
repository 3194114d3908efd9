import type { Space } from '@docsync/api';
import type { Caller } from '../auth/api-tokens.js';
import { grantCovers } from '../auth/integration-grant.js';
import { NotFoundError } from '../errors.js';
import type { Clock } from '../clock.js';
import { spaceResource, type SpaceActivity } from '../resources/space-resource.js';
import type { ReadCache } from '../storage/read-cache.js';
import { spaceActivity } from './space-activity.js';
import { requireSpace, type SpaceAccess } from './space-access.js';

/** What `GET /v1/spaces/{id}` shows one caller: the space, their level on it, its counts. */
export interface SpaceView {
  readonly access: SpaceAccess;
  readonly activity: SpaceActivity;
}

/**
 * {@link requireSpace} and {@link spaceActivity} of an active space through `reads`: kept per
 * caller and space until a table they read is written (the space, memberships, collections,
 * change requests, and whatever they come to read). A space the caller cannot see is a 404 and is
 * not kept.
 */
export async function readSpaceView(
  reads: ReadCache,
  caller: Caller,
  spaceId: string,
  clock: Clock,
): Promise<SpaceView> {
  // Keyed by the token's grant too: a token confined to one organization sees less than its user.
  const grant = caller.integration?.organizationId ?? '';
  const view = await reads.read(`space:${caller.userId}:${grant}:${spaceId}`, async (db) => {
    const access = await requireSpace(db, caller, spaceId, { clock });
    return { access, activity: await spaceActivity(db, access.space.id) };
  });
  // A view kept for another token of the same user and organization may cover more spaces than
  // this one's installation was narrowed to.
  if (!grantCovers(caller.integration, view.access.space.organization_id, { space: spaceId }))
    throw new NotFoundError('Space');
  return view;
}

const resources = new WeakMap<SpaceView, { baseUrl: string; space: Space }>();

/**
 * The API's Space for a view. A kept view never changes, so its resource is built once per base
 * URL and then served as it is (read-only: it goes to the serializer and nowhere else).
 */
export function spaceViewResource(view: SpaceView, baseUrl: string): Space {
  const built = resources.get(view);
  if (built?.baseUrl === baseUrl) return built.space;
  const space = spaceResource(view.access.space, view.access.level, view.activity, baseUrl);
  resources.set(view, { baseUrl, space });
  return space;
}
