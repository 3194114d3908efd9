import { describe, expect, it } from 'vitest';
import { databaseBefore } from './database-before.js';

describe('migration 016-agent-instructions-writer', () => {
  it('dates unwritten instructions at the organization’s creation, by its first admin', async () => {
    const { db, raw, insert, migrateToLatest } = await databaseBefore('015-saml');
    try {
      const at = (day: number) => `2025-01-0${String(day)}T00:00:00.000Z`;
      for (const id of ['reader', 'admin', 'later-admin', 'writer'])
        await insert('users', { id, display_name: id, created_at: at(1) });
      const organization = (id: string, written: boolean) => ({
        id,
        title: id,
        created_at: at(1),
        updated_at: at(1),
        email_domains: '[]',
        hostname: null,
        type: 'business',
        use_case: null,
        community_type: null,
        default_role: 'read',
        default_content: null,
        logo: null,
        sso: 0,
        ai: 0,
        invite_links: 0,
        plan: 'free_2024',
        merge_rules: '{"type":"none"}',
        agent_instructions: written ? '{"object":"document","data":{},"nodes":[]}' : null,
        agent_instructions_updated_at: written ? at(5) : null,
        agent_instructions_updated_by: written ? 'writer' : null,
      });
      await raw
        .insertInto('organizations')
        .values([organization('unwritten', false), organization('written', true)])
        .execute();
      const member = (organizationId: string, userId: string, role: string, day: number) => ({
        organization_id: organizationId,
        user_id: userId,
        role,
        sso: 0,
        disabled: 0,
        joined_at: at(day),
        last_seen_at: null,
      });
      await raw
        .insertInto('members')
        .values([
          member('unwritten', 'reader', 'read', 1),
          member('unwritten', 'later-admin', 'admin', 3),
          member('unwritten', 'admin', 'admin', 2),
          member('written', 'admin', 'admin', 1),
        ])
        .execute();
      await migrateToLatest();
      const rows = await db
        .selectFrom('organizations')
        .select(['id', 'agent_instructions_updated_at', 'agent_instructions_updated_by'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          id: 'unwritten',
          agent_instructions_updated_at: at(1),
          agent_instructions_updated_by: 'admin',
        },
        {
          id: 'written',
          agent_instructions_updated_at: at(5),
          agent_instructions_updated_by: 'writer',
        },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
