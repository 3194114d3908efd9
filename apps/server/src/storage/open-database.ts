import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate.js';
import { NodeSqliteDialect } from './node-sqlite-dialect.js';
import type { Db, DatabaseSchema } from './schema.js';

/** The file name of the embedded database inside the data directory. */
export const SQLITE_FILE_NAME = 'docsync.db';

/** Where the data lives: a data directory (SQLite), `:memory:` (SQLite, tests) or PostgreSQL. */
export type DatabaseLocation =
  | { dataDir: string }
  | { memory: true }
  | {
      url: string;
      /**
       * PostgreSQL schema to work in (created when missing) instead of the server's default
       * search path; tests use a fresh one per file so runs never see each other's rows.
       */
      schema?: string;
    };

/** Which engine an opened database runs on. */
export type DialectName = 'sqlite' | 'postgres';

/** An open, migrated database. */
export interface Database {
  readonly db: Db;
  readonly dialect: DialectName;
  /** Closes the connection (SQLite) or the pool (PostgreSQL). */
  close(): Promise<void>;
}

function openSqlite(path: string): Kysely<DatabaseSchema> {
  const sqlite = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  // WAL lets readers run while a write commits; the busy timeout covers a second process
  // (`docsync server init` beside a running server) briefly holding the write lock.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA foreign_keys = ON');
  return new Kysely<DatabaseSchema>({ dialect: new NodeSqliteDialect(sqlite) });
}

const safeSchemaName = /^[a-z_][a-z0-9_]{0,62}$/;

async function openPostgres(
  url: string,
  schema: string | undefined,
): Promise<Kysely<DatabaseSchema>> {
  if (schema !== undefined && !safeSchemaName.test(schema)) {
    throw new Error(`schema name \`${schema}\` must match ${String(safeSchemaName)}`);
  }
  if (schema !== undefined) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Opens the database at `location` and brings its schema up to date. A data directory is
 * created when missing and holds `docsync.db` (WAL mode, foreign keys on).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  let db: Kysely<DatabaseSchema>;
  let dialect: DialectName;
  if ('url' in location) {
    db = await openPostgres(location.url, location.schema);
    dialect = 'postgres';
  } else if ('dataDir' in location) {
    mkdirSync(location.dataDir, { recursive: true });
    db = openSqlite(join(location.dataDir, SQLITE_FILE_NAME));
    dialect = 'sqlite';
  } else {
    db = openSqlite(':memory:');
    dialect = 'sqlite';
  }
  try {
    await migrateToLatest(db, 'url' in location ? location.schema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, close: () => db.destroy() };
}
