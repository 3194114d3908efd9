import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * OpenAPI specs (issue 24): an organization's specs by slug, their source (a URL the service
 * fetches, or the text itself) and the state of their last processing, and the versions
 * processing recorded (one per distinct content, with its SHA-256 to tell a change).
 */
export const openApiSpecs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('openapi_specs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('source_url', 'text')
      .addColumn('source_text', 'text')
      .addColumn('source_serial', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('processing_state', 'text', (c) => c.notNull())
      .addColumn('last_version_id', 'text')
      .addColumn('last_processed_at', 'text')
      .addColumn('last_error_code', 'text')
      .addColumn('last_errors', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('openapi_specs_slug_unique', ['organization_id', 'slug'])
      .execute();
    await db.schema
      .createIndex('openapi_specs_by_org')
      .on('openapi_specs')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('openapi_spec_versions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('spec_id', 'text', (c) =>
        c.notNull().references('openapi_specs.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('openapi_spec_versions_number_unique', ['spec_id', 'number'])
      .execute();
  },
};
