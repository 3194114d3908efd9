import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect-of.js';

/**
 * Reviews of change requests and review requests (what merge rules requiring specific reviewers
 * are checked against):
 *
 * - `change_request_reviews`: every review given, kept as history. `revision_id` is the change
 *   request's head when it was given: a review counts for the merge rules only while that is
 *   still the head. A reviewer's latest review (highest `seq`, the order they were stored in;
 *   timestamps can tie) is their verdict.
 * - `change_request_review_requests`: users asked to review a change request and not done yet
 *   (the `requestedReviewer` list filter); one row per user, gone once they review.
 *
 * Deleting the change request deletes both.
 */
export const reviews: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';
    await db.schema
      .createTable('change_request_reviews')
      // SQLite: an alias of the rowid. PostgreSQL: a sequence.
      .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('id', 'text', (c) => c.notNull().unique())
      .addColumn('change_request_id', 'text', (c) =>
        c.notNull().references('change_requests.id').onDelete('cascade'),
      )
      .addColumn('reviewer_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('revision_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('change_request_reviews_by_change_request')
      .on('change_request_reviews')
      .columns(['change_request_id', 'seq'])
      .execute();

    await db.schema
      .createTable('change_request_review_requests')
      .addColumn('change_request_id', 'text', (c) =>
        c.notNull().references('change_requests.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('change_request_review_requests_pk', [
        'change_request_id',
        'user_id',
      ])
      .execute();
    await db.schema
      .createIndex('change_request_review_requests_by_user')
      .on('change_request_review_requests')
      .columns(['user_id', 'change_request_id'])
      .execute();
  },
};
