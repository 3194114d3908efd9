import type { Selectable } from 'kysely';
import { spaceLevel, canView } from '../access/effective-level.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
import { grantCovers } from '../auth/integration-grant.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { Db, SpacesTable } from '../storage/schema.js';
import { isRestorable } from './space-lifecycle.js';

/** A space as the caller sees it. */
export interface SpaceAccess {
  space: Selectable<SpacesTable>;
  /** The caller's level on the space (defaults and collections applied). */
  level: Level;
  /** The caller's role in the space's organization. */
  organizationLevel: Level;
}

/** Which spaces {@link requireSpace} finds. */
export interface RequireSpaceOptions {
  clock: Clock;
  /** Also find a space in its restore window (for restore). Default: only active spaces. */
  deleted?: boolean;
}

/**
 * Loads a space the caller may see. Unknown spaces, spaces of organizations the caller is not
 * in, spaces the caller has no access to and deleted spaces all answer the same 404, so a
 * caller learns nothing about spaces they cannot see.
 */
export async function requireSpace(
  db: Db,
  caller: Caller,
  spaceId: string,
  options: RequireSpaceOptions,
): Promise<SpaceAccess> {
  // One round trip for the space and the caller's membership of its organization.
  const row = await db
    .selectFrom('spaces')
    .leftJoin('members', (join) =>
      join
        .onRef('members.organization_id', '=', 'spaces.organization_id')
        .on('members.user_id', '=', caller.userId)
        .on('members.disabled', '=', false),
    )
    .selectAll('spaces')
    .select(['members.user_id as member_user_id', 'members.role as member_role'])
    .where('spaces.id', '=', spaceId)
    .executeTakeFirst();
  // Built only when thrown: an error captures a stack trace, too dear for every request.
  const notFound = () => new NotFoundError('Space');
  if (row === undefined) throw notFound();
  const { member_user_id: memberUserId, member_role: memberRole, ...space } = row;
  if (space.deleted_at !== null) {
    if (options.deleted !== true || !isRestorable(space.deleted_at, options.clock.now()))
      throw notFound();
  }
  // An integration's token acts as its user in one organization only.
  if (
    memberUserId === null ||
    !grantCovers(caller.integration, space.organization_id, { space: space.id })
  )
    throw notFound();
  const organizationLevel = levelOf(memberRole);
  const level = await spaceLevel(db, organizationLevel, space);
  if (!canView(level)) throw notFound();
  return { space, level, organizationLevel };
}
