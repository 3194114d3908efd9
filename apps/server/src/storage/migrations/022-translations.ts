import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Translations (issue 26): an organization's translated copies of spaces, the state and figures
 * of their runs, and each translation's memory: the translated form of every text block by the
 * hash of its source, which is what makes a run translate only what changed.
 */
export const translations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('translations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('source_space_id', 'text', (c) =>
        c.notNull().references('spaces.id').onDelete('cascade'),
      )
      .addColumn('source_language', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('instructions', 'text')
      .addColumn('auto_run', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('status', 'text', (c) => c.notNull())
      // No foreign key: deleting the translated space leaves the translation, whose next run
      // makes a new one.
      .addColumn('target_space_id', 'text')
      .addColumn('result_revision_id', 'text')
      .addColumn('source_revision_id', 'text')
      .addColumn('created_by', 'text')
      .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latest_duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latest_pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latest_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error_code', 'text')
      .addColumn('last_error_message', 'text')
      .addColumn('last_error_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('translations_source_language_unique', ['source_space_id', 'language'])
      .execute();
    await db.schema
      .createIndex('translations_by_org')
      .on('translations')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('translation_blocks')
      .addColumn('translation_id', 'text', (c) =>
        c.notNull().references('translations.id').onDelete('cascade'),
      )
      .addColumn('source_hash', 'text', (c) => c.notNull())
      .addColumn('translated', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('translation_blocks_pk', ['translation_id', 'source_hash'])
      .execute();

    await db.schema
      .createTable('translation_pages')
      .addColumn('translation_id', 'text', (c) =>
        c.notNull().references('translations.id').onDelete('cascade'),
      )
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('translation_pages_pk', ['translation_id', 'page_id'])
      .execute();
  },
};
