import type { Team } from '@docsync/api';
import type { OrganizationAccess } from '../access/organization-access.js';
import type { Db } from '../storage/schema.js';
import { managedTeamIds } from './team-access.js';
import { teamResource, type TeamColumns } from './team-resource.js';

/**
 * The API's Teams for stored ones as the caller sees them, in the same order, with their member
 * counts and the caller's permissions, in two queries whatever the number of teams.
 */
export async function teamResources(
  db: Db,
  access: OrganizationAccess,
  rows: readonly TeamColumns[],
): Promise<Team[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const counted = await db
    .selectFrom('team_members')
    .select(['team_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('team_id', 'in', ids)
    .groupBy('team_id')
    .execute();
  const members = new Map(counted.map((row) => [row.team_id, Number(row.count)]));
  const managed = await managedTeamIds(db, access, ids);
  return rows.map((row) => teamResource(row, members.get(row.id) ?? 0, managed.has(row.id)));
}

/** The API's Team for one stored team, as the caller sees it. */
export async function teamResourceOf(
  db: Db,
  access: OrganizationAccess,
  row: TeamColumns,
): Promise<Team> {
  const [members, managed] = await Promise.all([
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('team_id', '=', row.id)
      .executeTakeFirst(),
    managedTeamIds(db, access, [row.id]),
  ]);
  return teamResource(row, Number(members?.count ?? 0), managed.has(row.id));
}
