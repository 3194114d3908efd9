import type { Selectable } from 'kysely';
import type { Caller } from '../auth/api-tokens.js';
import { grantCovers } from '../auth/integration-grant.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Db, MembersTable, OrganizationsTable } from '../storage/schema.js';
import { atLeast, levelOf, type Level } from './roles.js';

/** An organization as the caller sees it: the row, their membership and their level. */
export interface OrganizationAccess {
  organization: Selectable<OrganizationsTable>;
  member: Selectable<MembersTable>;
  level: Level;
}

/** The caller's membership of an organization, or undefined when they are not a member. */
export async function findMembership(
  db: Db,
  caller: Caller,
  organizationId: string,
): Promise<Selectable<MembersTable> | undefined> {
  // An integration's token acts as its user in one organization only.
  if (!grantCovers(caller.integration, organizationId)) return undefined;
  return db
    .selectFrom('members')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', caller.userId)
    .where('disabled', '=', false)
    .executeTakeFirst();
}

/**
 * Loads an organization the caller belongs to. One the caller is not a member of answers 404
 * exactly like one that does not exist, so ids of other organizations cannot be probed.
 */
export async function requireOrganization(
  db: Db,
  caller: Caller,
  organizationId: string,
): Promise<OrganizationAccess> {
  const member = await findMembership(db, caller, organizationId);
  const organization =
    member === undefined
      ? undefined
      : await db
          .selectFrom('organizations')
          .selectAll()
          .where('id', '=', organizationId)
          .executeTakeFirst();
  if (member === undefined || organization === undefined) throw new NotFoundError('Organization');
  return { organization, member, level: levelOf(member.role) };
}

/** 403 unless `level` grants `required`; `action` completes "You need the … role to …". */
export function requireLevel(level: Level, required: Level, action: string): void {
  if (!atLeast(level, required)) {
    throw new ForbiddenError(`You need the \`${required}\` role or higher to ${action}`);
  }
}
