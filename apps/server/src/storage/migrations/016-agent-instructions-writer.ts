import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Agent instructions always have a writer and a time (issue 22): a new organization's empty
 * instructions are written by whoever creates it, when it is created. Back-fill: instructions
 * nobody has changed yet were written when their organization was created, by its first admin
 * (by date of joining; its first member if it has no admin).
 */
export const agentInstructionsWriter: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`UPDATE organizations
      SET agent_instructions_updated_at = created_at,
        agent_instructions_updated_by = (
          SELECT user_id FROM members WHERE members.organization_id = organizations.id
          ORDER BY CASE WHEN role = 'admin' THEN 0 ELSE 1 END, joined_at, user_id
          LIMIT 1
        )
      WHERE agent_instructions_updated_at IS NULL`.execute(db);
  },
};
