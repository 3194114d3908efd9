import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What the member and team endpoints look up by: a team title unique within its organization
 * regardless of case (the 409 of creating or renaming a team), a user's teams (a member's teams,
 * removing a member) and members in joining order (the default member list). No columns change.
 */
export const membersTeams: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // An expression index, written in SQL both dialects accept: Kysely's builder takes columns.
    const titleIndex = sql`CREATE UNIQUE INDEX teams_title_unique ON teams (organization_id, lower(title))`;
    await titleIndex.execute(db);
    await db.schema
      .createIndex('team_members_by_user')
      .on('team_members')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('members_by_joined')
      .on('members')
      .columns(['organization_id', 'joined_at', 'user_id'])
      .execute();
  },
};
