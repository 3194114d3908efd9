import type { MemberTeam } from '@docsync/api';
import type { OrganizationAccess } from '../access/organization-access.js';
import { containsIgnoringCase } from '../members/contains-ignoring-case.js';
import { requirePlainText } from '../members/plain-text.js';
import { listByKeys } from '../pagination.js';
import type { Db } from '../storage/schema.js';
import { TEAM_OWNER } from './team-access.js';
import { teamResources } from './team-resources.js';

/** What {@link listMemberTeams} lists. */
export interface MemberTeamsRequest {
  organizationId: string;
  userId: string;
  title?: string | undefined;
  page?: string | undefined;
  limit?: number | undefined;
}

/**
 * One page of the teams of the organization a member belongs to, oldest team first, each with
 * the member's role in it (`owner` or `member`); `title` keeps teams whose title contains it in
 * any case. The teams' `permissions` are the caller's.
 */
export async function listMemberTeams(
  db: Db,
  access: OrganizationAccess,
  request: MemberTeamsRequest,
): Promise<{ items: MemberTeam[]; count: number; next?: { page: string } }> {
  requirePlainText(request.title, 'query/title');
  const title = request.title;
  const matching = db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .where('teams.organization_id', '=', request.organizationId)
    .where('team_members.user_id', '=', request.userId)
    .$if(title !== undefined && title !== '', (q) =>
      q.where(containsIgnoringCase('teams.title', title ?? '')),
    );
  const page = await listByKeys(
    request,
    matching,
    (q) => q.select(['teams.id', 'teams.title', 'teams.created_at', 'team_members.role']),
    { columns: ['teams.created_at', 'teams.id'], keyOf: (row) => [row.created_at, row.id] },
  );
  const teams = await teamResources(db, access, page.rows);
  const items = page.rows.flatMap((row, index): MemberTeam[] => {
    const team = teams[index];
    if (team === undefined) return [];
    return [{ team, member: { role: row.role === TEAM_OWNER ? 'owner' : 'member' } }];
  });
  return {
    items,
    count: page.count,
    ...(page.next === undefined ? {} : { next: page.next }),
  };
}
