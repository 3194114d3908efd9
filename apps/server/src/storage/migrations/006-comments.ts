import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Comments, replies and reactions:
 *
 * - `comments`: one row per comment on a space's main content (`change_request_id` null) or on
 *   a change request, optionally anchored to a page, a node of it or a table cell. `revision_id`
 *   is the revision it was posted on; `body` is the markdown as written. Deleting the space or
 *   the change request deletes its comments.
 * - `comment_replies`: the replies of a comment, gone with it.
 * - `comment_reactions`: one row per (post, emoji, user), the post being a comment or a reply
 *   (`post_id`), so reacting twice is one reaction. `comment_id` is the thread the post belongs
 *   to, so deleting a comment deletes every reaction in it.
 *
 * Counts (replies, open comments of a space or change request) are counted, never stored, so
 * they cannot drift from the rows.
 */
export const comments: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('comments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('change_request_id', 'text', (c) =>
        c.references('change_requests.id').onDelete('cascade'),
      )
      .addColumn('page_id', 'text')
      .addColumn('node_id', 'text')
      .addColumn('table_cell', 'text')
      .addColumn('revision_id', 'text', (c) => c.notNull())
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('posted_at', 'text', (c) => c.notNull())
      .addColumn('edited_at', 'text')
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by', 'text')
      .execute();
    await db.schema
      .createIndex('comments_by_thread')
      .on('comments')
      .columns(['space_id', 'change_request_id', 'posted_at', 'id'])
      .execute();
    await db.schema
      .createIndex('comments_by_change_request')
      .on('comments')
      .columns(['change_request_id', 'status'])
      .execute();

    await db.schema
      .createTable('comment_replies')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('comment_id', 'text', (c) =>
        c.notNull().references('comments.id').onDelete('cascade'),
      )
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('posted_at', 'text', (c) => c.notNull())
      .addColumn('edited_at', 'text')
      .execute();
    await db.schema
      .createIndex('comment_replies_by_comment')
      .on('comment_replies')
      .columns(['comment_id', 'posted_at', 'id'])
      .execute();

    await db.schema
      .createTable('comment_reactions')
      .addColumn('post_id', 'text', (c) => c.notNull())
      .addColumn('emoji', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('comment_id', 'text', (c) =>
        c.notNull().references('comments.id').onDelete('cascade'),
      )
      .addColumn('reacted_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('comment_reactions_pk', ['post_id', 'emoji', 'user_id'])
      .execute();
    await db.schema
      .createIndex('comment_reactions_by_comment')
      .on('comment_reactions')
      .column('comment_id')
      .execute();
  },
};
