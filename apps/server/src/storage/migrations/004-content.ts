import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Revisioned content, content-addressed so revisions share what did not change:
 *
 * - `content_documents`: every page and reusable-content document once, keyed by the SHA-256 of
 *   its JSON text. Never updated; a revision that keeps a page refers to the same row.
 * - `content_revisions`: one immutable row per revision (parent, type, commit, author), with the
 *   small parts of the content inline as JSON (variables, reusable contents by document hash,
 *   the `.gitbook.yaml` settings the tree was read with).
 * - `content_pages`: the page tree of a revision, one small row per page (parent, position,
 *   metadata, document hash), so one page is read by id or path without loading the others.
 * - `content_files`: the files of a revision; bytes live in the blob store under `blob_oid`.
 *
 * No foreign key to `spaces`: a duplicated space starts on its source's revision (revisions are
 * immutable, so sharing one is safe), and purging the source must not take it away.
 */
export const content: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('content_documents')
      .addColumn('hash', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('content_revisions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('space_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('git_oid', 'text')
      .addColumn('git', 'text')
      .addColumn('author_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('reusable_contents', 'text', (c) => c.notNull())
      .addColumn('config', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('content_revisions_by_space')
      .on('content_revisions')
      .columns(['space_id', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('content_pages')
      .addColumn('revision_id', 'text', (c) =>
        c.notNull().references('content_revisions.id').onDelete('cascade'),
      )
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('path', 'text')
      .addColumn('document_hash', 'text', (c) => c.references('content_documents.hash'))
      .addColumn('fields', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('content_pages_pk', ['revision_id', 'page_id'])
      .execute();
    await db.schema
      .createIndex('content_pages_by_path')
      .on('content_pages')
      .columns(['revision_id', 'path'])
      .execute();

    await db.schema
      .createTable('content_files')
      .addColumn('revision_id', 'text', (c) =>
        c.notNull().references('content_revisions.id').onDelete('cascade'),
      )
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('blob_oid', 'text')
      .addColumn('git_path', 'text')
      .addPrimaryKeyConstraint('content_files_pk', ['revision_id', 'file_id'])
      .execute();
    await db.schema
      .createIndex('content_files_by_position')
      .on('content_files')
      .columns(['revision_id', 'position'])
      .execute();
  },
};
