import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A site's own hostname (issue 28): docsync serves the site at the root of that host (or under
 * its basename) to requests whose `Host` names it. One site per hostname: the unique index
 * refuses a second (null, no hostname, may repeat).
 */
export const siteHostnames: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('sites').addColumn('hostname', 'text').execute();
    await db.schema
      .createIndex('sites_by_hostname')
      .on('sites')
      .column('hostname')
      .unique()
      .execute();
  },
};
