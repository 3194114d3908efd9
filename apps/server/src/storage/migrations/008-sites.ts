import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sites and their structure:
 *
 * - `sites`: one row per site of an organization, with its settings, the `share_key` of its
 *   share link, the `visitor_signing_key` its visitor tokens are signed with and the adaptive
 *   content visitor schema (JSON, null until written). Structure writes update the row first, so
 *   writers of one site's structure take turns.
 * - `site_section_groups`: named groups of sections, possibly inside another group.
 * - `site_sections`: the sections (tabs) of a site, at the top level or in a group. Sections and
 *   groups under one parent share one order (`position`).
 * - `site_spaces`: the spaces a site publishes, in a section or, for a site without sections, at
 *   its top level (`section_id` null), ordered by `position` within it. A space appears at most
 *   once per site.
 *
 * `is_default` marks the default section of a site and the default site space of each section
 * (or of the top level); exactly one per non-empty parent, kept so by the writers. Deleting a
 * site deletes its structure; deleting a section deletes its site spaces.
 */
export const sites: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('sites')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) =>
        c.notNull().references('organizations.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('visibility', 'text', (c) => c.notNull())
      .addColumn('basename', 'text')
      .addColumn('proxy', 'text')
      .addColumn('adaptive_content', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('agents_context', 'text', (c) => c.notNull())
      .addColumn('share_key', 'text', (c) => c.notNull())
      .addColumn('visitor_signing_key', 'text', (c) => c.notNull())
      .addColumn('adaptive_schema', 'text')
      .addColumn('adaptive_schema_updated_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sites_by_organization')
      .on('sites')
      .columns(['organization_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('site_section_groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('parent_id', 'text', (c) =>
        c.references('site_section_groups.id').onDelete('cascade'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('site_section_groups_by_site')
      .on('site_section_groups')
      .columns(['site_id', 'position', 'id'])
      .execute();

    await db.schema
      .createTable('site_sections')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('group_id', 'text', (c) =>
        c.references('site_section_groups.id').onDelete('set null'),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('condition', 'text')
      .addColumn('icon', 'text')
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('site_sections_path_unique', ['site_id', 'path'])
      .execute();

    await db.schema
      .createTable('site_spaces')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id').onDelete('cascade'))
      .addColumn('section_id', 'text', (c) => c.references('site_sections.id').onDelete('cascade'))
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('condition', 'text')
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('position', 'double precision', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('site_spaces_space_unique', ['site_id', 'space_id'])
      .execute();
    await db.schema
      .createIndex('site_spaces_by_space')
      .on('site_spaces')
      .column('space_id')
      .execute();
    await db.schema
      .createIndex('site_spaces_by_section')
      .on('site_spaces')
      .columns(['section_id'])
      .execute();
  },
};
