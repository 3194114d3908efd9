import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * People (issue 23): server admins (who may create organizations), API tokens with an expiry and
 * a scope, invite links with a hashed secret and an expiry, and invites by email (single use).
 *
 * Back-fill: the user `server init` made (the holder of its `server init` token) is the server
 * admin. Invite links made before have no secret, so nobody can join with them.
 */
export const people: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('users')
      .addColumn('server_admin', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await sql`UPDATE users SET server_admin = ${true}
      WHERE id IN (SELECT user_id FROM api_tokens WHERE label = 'server init')`.execute(db);

    await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
    await db.schema
      .alterTable('api_tokens')
      .addColumn('scope', 'text', (c) => c.notNull().defaultTo('read-write'))
      .execute();
    await db.schema
      .createIndex('api_tokens_by_user')
      .on('api_tokens')
      .columns(['user_id', 'created_at', 'id'])
      .execute();

    await db.schema.alterTable('link_invites').addColumn('secret_hash', 'text').execute();
    await db.schema.alterTable('link_invites').addColumn('expires_at', 'text').execute();
    await db.schema.alterTable('link_invites').addColumn('created_by', 'text').execute();
    await db.schema
      .createIndex('link_invites_by_secret')
      .unique()
      .on('link_invites')
      .column('secret_hash')
      .execute();
    await db.schema
      .createIndex('link_invites_by_org')
      .on('link_invites')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('email_invites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text')
      .addColumn('sso', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text')
      .addColumn('accepted_by', 'text')
      .execute();
    await db.schema
      .createIndex('email_invites_by_org_email')
      .on('email_invites')
      .columns(['organization_id', 'email'])
      .execute();
  },
};
