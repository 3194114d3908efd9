import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Integrations (issue 25): what an organization published under a global name, where its events
 * go (a development tunnel, or an endpoint given at publish) and the secret they are signed
 * with; its installations on organizations; the short-lived tokens it and its installations act
 * with; and the outbox of events, each with the delivery attempts made so far.
 */
export const integrations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('integrations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('visibility', 'text', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('categories', 'text', (c) => c.notNull())
      .addColumn('block_domains', 'text', (c) => c.notNull())
      .addColumn('blocks_count', 'integer', (c) => c.notNull())
      .addColumn('content_sources_count', 'integer', (c) => c.notNull())
      .addColumn('manifest', 'text', (c) => c.notNull())
      .addColumn('script', 'text', (c) => c.notNull())
      .addColumn('secrets', 'text', (c) => c.notNull())
      .addColumn('endpoint', 'text')
      .addColumn('dev_tunnel_url', 'text')
      .addColumn('dev_all', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('signing_secret', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('integrations_by_time')
      .on('integrations')
      .columns(['created_at', 'id'])
      .execute();

    await db.schema
      .createTable('integration_installations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('integration_id', 'text', (c) =>
        c.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('installed_by', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('configuration', 'text', (c) => c.notNull())
      .addColumn('external_ids', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('integration_installations_once', ['integration_id', 'organization_id'])
      .execute();
    await db.schema
      .createIndex('integration_installations_by_org')
      .on('integration_installations')
      .columns(['organization_id', 'status'])
      .execute();

    await db.schema
      .createTable('integration_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('integration_id', 'text', (c) =>
        c.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('installation_id', 'text', (c) =>
        c.references('integration_installations.id').onDelete('cascade'),
      )
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('integration_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('integration_id', 'text', (c) =>
        c.notNull().references('integrations.id').onDelete('cascade'),
      )
      .addColumn('installation_id', 'text', (c) =>
        c.references('integration_installations.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('integration_events_by_time')
      .on('integration_events')
      .columns(['integration_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('integration_event_attempts')
      .addColumn('event_id', 'text', (c) =>
        c.notNull().references('integration_events.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('response_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('integration_event_attempts_pk', ['event_id', 'number'])
      .execute();
  },
};
