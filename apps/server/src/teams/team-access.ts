import type { Selectable } from 'kysely';
import type { OrganizationAccess } from '../access/organization-access.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Db, TeamsTable } from '../storage/schema.js';

/** The role in `team_members` that lets a member manage the team. */
export const TEAM_OWNER = 'owner';

/** The role in `team_members` of everyone else in the team. */
export const TEAM_MEMBER = 'member';

/** A team of the organization, or undefined. */
export async function findTeam(
  db: Db,
  organizationId: string,
  teamId: string,
): Promise<Selectable<TeamsTable> | undefined> {
  return db
    .selectFrom('teams')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', teamId)
    .executeTakeFirst();
}

/** A team of the organization; 404 "Team not found" otherwise. */
export async function requireTeam(
  db: Db,
  organizationId: string,
  teamId: string,
): Promise<Selectable<TeamsTable>> {
  const team = await findTeam(db, organizationId, teamId);
  if (team === undefined) throw new NotFoundError('Team');
  return team;
}

/**
 * Which of `teamIds` the caller may manage (rename, delete): all of them for an organization
 * admin, otherwise those the caller owns.
 */
export async function managedTeamIds(
  db: Db,
  access: OrganizationAccess,
  teamIds: readonly string[],
): Promise<Set<string>> {
  if (access.level === 'admin') return new Set(teamIds);
  if (teamIds.length === 0) return new Set();
  const owned = await db
    .selectFrom('team_members')
    .select('team_id')
    .where('user_id', '=', access.member.user_id)
    .where('role', '=', TEAM_OWNER)
    .where('team_id', 'in', teamIds)
    .execute();
  return new Set(owned.map((row) => row.team_id));
}

/** 403 unless the caller administrates the organization or owns the team. */
export async function requireTeamManager(
  db: Db,
  access: OrganizationAccess,
  teamId: string,
  action: string,
): Promise<void> {
  const managed = await managedTeamIds(db, access, [teamId]);
  if (!managed.has(teamId)) {
    throw new ForbiddenError(`You need the \`admin\` role or to own the team to ${action}`);
  }
}
