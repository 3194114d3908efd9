import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from '../dialect-of.js';

/**
 * File bytes in PostgreSQL (`blobs`, keyed by git blob id), so every instance of the service on
 * one database serves every blob (see `blobs/database-blob-store.ts`). SQLite, one process's
 * database, keeps blobs in its data directory and gets no table.
 */
export const databaseBlobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) !== 'postgres') return;
    await db.schema
      .createTable('blobs')
      .addColumn('oid', 'text', (c) => c.primaryKey())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('bytes', 'bytea', (c) => c.notNull())
      .execute();
  },
};
