import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for collections and sibling order. Lists of a collection's spaces, lists of an
 * organization's collections and every move read the children of one parent in `position`
 * order; deleting or transferring a collection walks its nested collections by parent.
 */
export const collections: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('collections_by_parent_position')
      .on('collections')
      .columns(['organization_id', 'parent_id', 'position', 'id'])
      .execute();
    await db.schema
      .createIndex('collections_by_org_position')
      .on('collections')
      .columns(['organization_id', 'position', 'id'])
      .execute();
    await db.schema
      .createIndex('spaces_by_parent_position')
      .on('spaces')
      .columns(['parent_id', 'position', 'id'])
      .execute();
    await db.schema
      .createIndex('spaces_by_org_parent_position')
      .on('spaces')
      .columns(['organization_id', 'parent_id', 'position'])
      .execute();
  },
};
