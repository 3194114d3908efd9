import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Users, tokens, organizations with members and teams, collections and spaces. Written with
 * types both dialects accept (`text`, `integer`, `boolean`, `double precision`); see schema.ts
 * for what each column holds.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('display_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.unique())
      .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('photo_url', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();

    await db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('email_domains', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('hostname', 'text', (c) => c.unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('use_case', 'text')
      .addColumn('community_type', 'text')
      .addColumn('default_role', 'text')
      .addColumn('default_content', 'text')
      .addColumn('logo', 'text')
      .addColumn('sso', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('ai', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('invite_links', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('merge_rules', 'text', (c) => c.notNull())
      .addColumn('agent_instructions', 'text')
      .addColumn('agent_instructions_updated_at', 'text')
      .addColumn('agent_instructions_updated_by', 'text')
      .execute();

    await db.schema
      .createTable('link_invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('role', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('members')
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text')
      .addColumn('sso', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('joined_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text')
      .addPrimaryKeyConstraint('members_pk', ['organization_id', 'user_id'])
      .execute();
    await db.schema.createIndex('members_by_user').on('members').column('user_id').execute();

    await db.schema
      .createTable('teams')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('teams_by_org')
      .on('teams')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('team_members')
      .addColumn('team_id', 'text', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('collections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('parent_id', 'text', (c) => c.references('collections.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('default_level', 'text')
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('collections_by_org')
      .on('collections')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('spaces')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('parent_id', 'text', (c) => c.references('collections.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('emoji', 'text', (c) => c.notNull())
      .addColumn('visibility', 'text', (c) => c.notNull())
      .addColumn('edit_mode', 'text')
      .addColumn('language', 'text')
      .addColumn('merge_rules', 'text', (c) => c.notNull())
      .addColumn('default_level', 'text')
      .addColumn('revision_id', 'text', (c) => c.notNull())
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema
      .createIndex('spaces_by_org')
      .on('spaces')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('spaces_by_parent').on('spaces').column('parent_id').execute();
  },
};
