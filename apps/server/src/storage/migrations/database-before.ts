import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { NodeSqliteDialect } from '../node-sqlite-dialect.js';
import type { DatabaseSchema } from '../schema.js';
import { migrationProvider } from './index.js';

/** A row of any table, for filling a database as an older migration left it. */
export type RawDb = Kysely<Record<string, Record<string, unknown>>>;

/**
 * An in-memory SQLite database migrated up to `migration` (for a migration's test to fill as it
 * was then), with `migrateToLatest` to run the rest, `raw` to write rows of older shapes and
 * `insert` to write one naming only the columns a test is about.
 */
export async function databaseBefore(migration: string) {
  const db = new Kysely<DatabaseSchema>({
    dialect: new NodeSqliteDialect(new DatabaseSync(':memory:')),
  });
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateTo(migration);
  if (error !== undefined) throw error as Error;
  const raw = db as unknown as RawDb;
  return {
    db,
    raw,
    /**
     * Inserts a row, the table's other required columns holding placeholders (0): for rows whose
     * other columns the migration under test does not read. Foreign keys are not checked.
     */
    insert: async (table: string, values: Record<string, unknown>): Promise<void> => {
      await sql`PRAGMA foreign_keys = OFF`.execute(db);
      const columns = await sql<{ name: string; notnull: number; dflt_value: unknown }>`
        SELECT name, "notnull", dflt_value FROM pragma_table_info(${table})`.execute(db);
      const row: Record<string, unknown> = {};
      for (const column of columns.rows)
        if (column.notnull === 1 && column.dflt_value === null) row[column.name] = 0;
      await raw
        .insertInto(table)
        .values({ ...row, ...values })
        .execute();
    },
    /** Runs the migrations after `migration`; throws what failed. */
    migrateToLatest: async (): Promise<void> => {
      const result = await migrator.migrateToLatest();
      if (result.error !== undefined) throw result.error as Error;
    },
  };
}
