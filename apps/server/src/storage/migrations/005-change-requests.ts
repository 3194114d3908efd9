import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Change requests:
 *
 * - `change_requests`: one row per change request. `number` counts from 1 within its space
 *   (unique per space); `head_revision_id` is its own content, `base_revision_id` the main
 *   revision it was forked from or last updated from (the merge base), `initial_revision_id`
 *   the one it was created from.
 * - `change_request_counters`: the last number given out in each space, bumped by an upsert in
 *   the transaction that inserts the change request, so concurrent creates never share a number.
 * - `change_request_contributors`: who wrote to a change request (the `contributor` filter).
 */
export const changeRequests: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('change_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('initial_revision_id', 'text', (c) => c.notNull())
      .addColumn('base_revision_id', 'text', (c) => c.notNull())
      .addColumn('merged_ancestor_revision_id', 'text')
      .addColumn('head_revision_id', 'text', (c) => c.notNull())
      .addColumn('merged_revision_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('merged_at', 'text')
      .addUniqueConstraint('change_requests_number', ['space_id', 'number'])
      .execute();
    await db.schema
      .createIndex('change_requests_by_space_status')
      .on('change_requests')
      .columns(['space_id', 'status', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('change_request_counters')
      .addColumn('space_id', 'text', (c) =>
        c.primaryKey().references('spaces.id').onDelete('cascade'),
      )
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('change_request_contributors')
      .addColumn('change_request_id', 'text', (c) =>
        c.notNull().references('change_requests.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('change_request_contributors_pk', ['change_request_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('change_request_contributors_by_user')
      .on('change_request_contributors')
      .columns(['user_id', 'change_request_id'])
      .execute();
  },
};
