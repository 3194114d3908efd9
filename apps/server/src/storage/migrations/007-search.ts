import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect-of.js';

/**
 * Search and links:
 *
 * - `search_spaces`: which revision each space's search index reflects (the space's current
 *   one, kept in step in the transaction that moves it).
 * - `search_pages`: the document pages of that revision as search shows them (title, path,
 *   ancestors' titles) with the document hash they were indexed from, so a new revision
 *   re-indexes only the pages whose document, title, path or ancestors changed.
 * - `search_sections`: the sections of each page (the text before the first heading, then one
 *   per heading) with their text. Full text differs per dialect: on PostgreSQL a `terms`
 *   tsvector column with a GIN index; on SQLite an FTS5 table `search_fts` (contentless: the
 *   text is kept once, in `search_sections`) whose rows share the sections' ids, emptied by a
 *   trigger whenever a section goes (also when a purged space takes its pages with it).
 * - `document_links`: the references and heading anchors of each stored document, keyed like
 *   `content_documents` by hash, so links are read once per document whatever the revision.
 */
export const search: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const postgres = dialectOf(db) === 'postgres';

    await db.schema
      .createTable('search_spaces')
      .addColumn('space_id', 'text', (c) =>
        c.primaryKey().references('spaces.id').onDelete('cascade'),
      )
      .addColumn('revision_id', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('search_pages')
      .addColumn('space_id', 'text', (c) => c.notNull().references('spaces.id').onDelete('cascade'))
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('document_hash', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('ancestors', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_pages_pk', ['space_id', 'page_id'])
      .execute();

    await db.schema
      .createTable('search_sections')
      // SQLite: an alias of the rowid, which the FTS5 rows share. PostgreSQL: a sequence.
      .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
      .addColumn('space_id', 'text', (c) => c.notNull())
      .addColumn('page_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('anchor', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addForeignKeyConstraint(
        'search_sections_page',
        ['space_id', 'page_id'],
        'search_pages',
        ['space_id', 'page_id'],
        (fk) => fk.onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('search_sections_by_page')
      .on('search_sections')
      .columns(['space_id', 'page_id', 'position'])
      .execute();

    if (postgres) {
      await sql`ALTER TABLE search_sections ADD COLUMN terms tsvector NOT NULL`.execute(db);
      await sql`CREATE INDEX search_sections_terms ON search_sections USING gin (terms)`.execute(
        db,
      );
    } else {
      // `scope` holds a token naming the space, so a space's search is answered by the index
      // alone (`scope : <token> AND ...`) instead of matching every space and filtering.
      await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
        title, body, context, scope,
        content = '', contentless_delete = 1, tokenize = 'unicode61'
      )`.execute(db);
      await sql`CREATE TRIGGER search_sections_unindex AFTER DELETE ON search_sections
        BEGIN DELETE FROM search_fts WHERE rowid = old.id; END`.execute(db);
    }

    await db.schema
      .createTable('document_links')
      .addColumn('document_hash', 'text', (c) => c.primaryKey())
      .addColumn('refs', 'text', (c) => c.notNull())
      .addColumn('anchors', 'text', (c) => c.notNull())
      .execute();
  },
};
