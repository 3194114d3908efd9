import { levelOf } from '../access/roles.js';
import type { Db } from '../storage/schema.js';
import type { MemberCounts } from './member-resource.js';

/**
 * The `spaces` and `teams` counts of members of one organization, by user id. A member who is
 * not a guest can access every active space (default levels lower a role to `read` at the
 * least, never to nothing); guests only the spaces they are invited to, and invitations do not
 * exist yet. So the count matches what the member's spaces list returns.
 */
export async function memberCounts(
  db: Db,
  organizationId: string,
  members: readonly { user_id: string; role: string | null }[],
): Promise<Map<string, MemberCounts>> {
  const counts = new Map<string, MemberCounts>();
  if (members.length === 0) return counts;
  const spaces = await db
    .selectFrom('spaces')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const activeSpaces = Number(spaces?.count ?? 0);
  const teams = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.user_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('teams.organization_id', '=', organizationId)
    .where(
      'team_members.user_id',
      'in',
      members.map((member) => member.user_id),
    )
    .groupBy('team_members.user_id')
    .execute();
  const teamsByUser = new Map(teams.map((row) => [row.user_id, Number(row.count)]));
  for (const member of members) {
    counts.set(member.user_id, {
      spaces: levelOf(member.role) === 'guest' ? 0 : activeSpaces,
      teams: teamsByUser.get(member.user_id) ?? 0,
    });
  }
  return counts;
}
