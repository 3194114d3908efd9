import type { ListTeamsQuery } from '@docsync/api';
import type { Selectable } from 'kysely';
import { levelOf } from '../access/roles.js';
import { containsIgnoringCase } from '../members/contains-ignoring-case.js';
import { requirePlainText } from '../members/plain-text.js';
import { listByKeys } from '../pagination.js';
import type { Db, TeamsTable } from '../storage/schema.js';
import { TEAM_OWNER } from './team-access.js';

/** One page of teams and how many match the filters. */
export interface TeamPage {
  rows: Selectable<TeamsTable>[];
  count: number;
  next?: { page: string };
}

/**
 * One page of an organization's teams, oldest first. `title` keeps teams whose title contains
 * it in any case; `owner` (a member id) keeps the teams that member can manage: every team for
 * an organization admin, the teams they own for anyone else, none for someone who is not an
 * active member.
 */
export async function listTeams(
  db: Db,
  organizationId: string,
  query: ListTeamsQuery,
): Promise<TeamPage> {
  requirePlainText(query.title, 'query/title');
  requirePlainText(query.owner, 'query/owner');
  let ownedBy: string | undefined;
  if (query.owner !== undefined) {
    const owner = await db
      .selectFrom('members')
      .select('role')
      .where('organization_id', '=', organizationId)
      .where('user_id', '=', query.owner)
      .where('disabled', '=', false)
      .executeTakeFirst();
    if (owner === undefined) return { rows: [], count: 0 };
    if (levelOf(owner.role) !== 'admin') ownedBy = query.owner;
  }
  const title = query.title;
  const matching = db
    .selectFrom('teams')
    .where('teams.organization_id', '=', organizationId)
    .$if(title !== undefined && title !== '', (q) =>
      q.where(containsIgnoringCase('teams.title', title ?? '')),
    )
    .$if(ownedBy !== undefined, (q) =>
      q.where('teams.id', 'in', (eb) =>
        eb
          .selectFrom('team_members')
          .select('team_members.team_id')
          .where('team_members.user_id', '=', ownedBy ?? '')
          .where('team_members.role', '=', TEAM_OWNER),
      ),
    );
  return listByKeys(query, matching, (q) => q.selectAll('teams'), {
    columns: ['teams.created_at', 'teams.id'],
    keyOf: (row) => [row.created_at, row.id],
  });
}
