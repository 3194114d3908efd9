import type { Selectable } from 'kysely';
import { spaceLevel, canView } from '../access/effective-level.js';
import { findMembership } from '../access/organization-access.js';
import { levelOf, type Level } from '../access/roles.js';
import type { Caller } from '../auth/api-tokens.js';
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
  const space = await db
    .selectFrom('spaces')
    .selectAll()
    .where('id', '=', spaceId)
    .executeTakeFirst();
  const notFound = new NotFoundError('Space');
  if (space === undefined) throw notFound;
  if (space.deleted_at !== null) {
    if (options.deleted !== true || !isRestorable(space.deleted_at, options.clock.now()))
      throw notFound;
  }
  const member = await findMembership(db, caller, space.organization_id);
  if (member === undefined) throw notFound;
  const organizationLevel = levelOf(member.role);
  const level = await spaceLevel(db, organizationLevel, space);
  if (!canView(level)) throw notFound;
  return { space, level, organizationLevel };
}
