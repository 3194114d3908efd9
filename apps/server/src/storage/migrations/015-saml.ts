import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * SAML single sign-on (issue 23): an organization's identity providers, the AuthnRequests the
 * service sent (so any instance accepts the answer to one, once), the assertions it accepted (so
 * none is accepted twice, on any instance) and the one-time codes a browser login hands to the
 * CLI (only their SHA-256).
 */
export const saml: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('saml_providers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('sso_url', 'text')
      .addColumn('certificate', 'text')
      .addColumn('default_team_id', 'text', (c) => c.references('teams.id').onDelete('set null'))
      .addColumn('default_role', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('saml_providers_by_org')
      .on('saml_providers')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('saml_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider_id', 'text', (c) =>
        c.notNull().references('saml_providers.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('saml_requests_by_expiry')
      .on('saml_requests')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('saml_assertions')
      .addColumn('provider_id', 'text', (c) =>
        c.notNull().references('saml_providers.id').onDelete('cascade'),
      )
      .addColumn('assertion_id', 'text', (c) => c.notNull())
      .addColumn('accepted_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('saml_assertions_pkey', ['provider_id', 'assertion_id'])
      .execute();
    await db.schema
      .createIndex('saml_assertions_by_expiry')
      .on('saml_assertions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('sso_login_codes')
      .addColumn('code_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider_id', 'text', (c) =>
        c.notNull().references('saml_providers.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('sso_login_codes_by_expiry')
      .on('sso_login_codes')
      .column('expires_at')
      .execute();
  },
};
