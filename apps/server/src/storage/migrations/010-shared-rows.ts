import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Revisions share the rows that did not change instead of copying them, and remember the tree
 * an import read, so writing and importing a revision cost what changed:
 *
 * - `content_revisions.pages_base`: a revision whose page rows this one's overlay. The revision
 *   then stores only the rows that differ from the base's, and a tombstone (`position` -1) for
 *   each base page it no longer has; its pages are its own rows plus the base's others. A base
 *   always stores all of its rows (null here), so a read joins at most two sets.
 * - `content_revisions.files_from`: the revision whose file rows this one has (null: its own).
 *   Files change less often than pages, so a revision with the same files as its parent points
 *   at the revision that stored them.
 * - `content_trees`: the tree (path, blob id, size) an import read a revision from, so the next
 *   import of that content compares trees and converts only the files that changed, even after a
 *   restart. Stored whole, or as the entries that differ from the tree of `base_revision_id`
 *   (a whole one), with a null blob id for a path gone.
 */
export const sharedRows: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('content_revisions')
      .addColumn('pages_base', 'text', (c) => c.references('content_revisions.id'))
      .execute();
    await db.schema
      .alterTable('content_revisions')
      .addColumn('files_from', 'text', (c) => c.references('content_revisions.id'))
      .execute();
    await db.schema
      .createTable('content_trees')
      .addColumn('revision_id', 'text', (c) =>
        c.primaryKey().references('content_revisions.id').onDelete('cascade'),
      )
      .addColumn('base_revision_id', 'text', (c) => c.references('content_trees.revision_id'))
      .addColumn('entries', 'text', (c) => c.notNull())
      .execute();
  },
};
