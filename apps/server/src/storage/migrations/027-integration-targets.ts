import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Installations narrowed to some spaces and sites (issue 25): an installation covers all of its
 * organization's spaces (or sites) until its selection is `selected`; then only those it was
 * installed on, each with a configuration and external ids of its own. Also an index by expiry
 * for the sweep of integration tokens that no longer work.
 */
export const integrationTargets: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('integration_installations')
      .addColumn('space_selection', 'text', (c) => c.notNull().defaultTo('all'))
      .execute();
    await db.schema
      .alterTable('integration_installations')
      .addColumn('site_selection', 'text', (c) => c.notNull().defaultTo('all'))
      .execute();

    await db.schema
      .createTable('integration_target_installations')
      .addColumn('installation_id', 'text', (c) =>
        c.notNull().references('integration_installations.id').onDelete('cascade'),
      )
      .addColumn('target_kind', 'text', (c) => c.notNull())
      .addColumn('target_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('configuration', 'text', (c) => c.notNull())
      .addColumn('external_ids', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('integration_target_installations_pk', [
        'installation_id',
        'target_kind',
        'target_id',
      ])
      .execute();
    await db.schema
      .createIndex('integration_target_installations_by_target')
      .on('integration_target_installations')
      .columns(['target_kind', 'target_id'])
      .execute();

    await db.schema
      .createIndex('integration_tokens_by_expiry')
      .on('integration_tokens')
      .column('expires_at')
      .execute();
  },
};
