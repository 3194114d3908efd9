import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, type DatabaseIntrospector, type Dialect } from 'kysely';
import pg from 'pg';
import { ChangeTrackingDialect } from './change-tracking-dialect.js';
import type { DialectName } from './dialect-of.js';
import { migrateToLatest } from './migrate.js';
import { NodeSqliteDialect } from './node-sqlite-dialect.js';
import { PostgresChangeListener } from './postgres-change-listener.js';
import { installChangeTriggers } from './postgres-change-triggers.js';
import { OwnSchemaIntrospector } from './own-schema-introspector.js';
import type { Db, DatabaseSchema } from './schema.js';
import { TableChanges } from './table-changes.js';

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

/**
 * The `application_name` of the connection that listens for changes (`pg_stat_activity`),
 * followed by `:<schema>` when the server works in a schema of its own.
 */
export const CHANGE_LISTENER_NAME = 'docsync-change-listener';

export type { DialectName } from './dialect-of.js';

/** An open, migrated database. */
export interface Database {
  readonly db: Db;
  readonly dialect: DialectName;
  /**
   * Every committed write to the data, by table: this process's own (seen by `db`), another
   * process's on the same SQLite file, and on PostgreSQL anyone's (announced by triggers). What
   * lets a `ReadCache` keep reads no longer than they are true.
   */
  readonly changes: TableChanges;
  /** Closes the connection (SQLite) or the pool and the change listener (PostgreSQL). */
  close(): Promise<void>;
}

interface Opened {
  db: Kysely<DatabaseSchema>;
  changes: TableChanges;
  /** Runs once the schema is migrated. */
  ready?: () => Promise<void>;
  close: () => Promise<void>;
}

function tracked(dialect: Dialect, changes: TableChanges): Kysely<DatabaseSchema> {
  return new Kysely<DatabaseSchema>({ dialect: new ChangeTrackingDialect(dialect, changes) });
}

/**
 * SQLite, the embedded database, cannot run on this Node.js: `node:sqlite` is missing (before
 * 22.13 it is behind a flag) or has no full-text search (FTS5 came in 22.16). PostgreSQL can.
 */
export class EmbeddedDatabaseUnavailableError extends Error {
  override name = 'EmbeddedDatabaseUnavailableError';
}

let embedded: typeof DatabaseSync | undefined;

/**
 * node:sqlite's `DatabaseSync`, when this Node.js has it with FTS5 (search needs it); otherwise
 * throws {@link EmbeddedDatabaseUnavailableError}. Callers check it before creating anything.
 */
export function embeddedSqlite(): typeof DatabaseSync {
  if (embedded !== undefined) return embedded;
  const sqlite = process.getBuiltinModule('node:sqlite') as
    { DatabaseSync: typeof DatabaseSync } | undefined;
  let missing = 'node:sqlite';
  if (sqlite !== undefined) {
    const probe = new sqlite.DatabaseSync(':memory:');
    try {
      probe.exec('CREATE VIRTUAL TABLE fts5_probe USING fts5(text)');
      embedded = sqlite.DatabaseSync;
      return embedded;
    } catch {
      missing = 'full-text search (FTS5) in node:sqlite';
    } finally {
      probe.close();
    }
  }
  throw new EmbeddedDatabaseUnavailableError(
    `the embedded database (SQLite) needs Node.js 22.16 or newer, for ${missing}, and this is ` +
      `Node.js ${process.version}: run the service on Node.js 22.16 or newer, or on PostgreSQL ` +
      '(DATABASE_URL)',
  );
}

function openSqlite(path: string): Opened {
  const sqlite = new (embeddedSqlite())(path, { enableForeignKeyConstraints: true });
  // WAL lets readers run while a write commits; the busy timeout covers a second process
  // (`docsync server init` beside a running server) briefly holding the write lock.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA foreign_keys = ON');
  // `data_version` moves when another connection (another process) commits to the file; this
  // connection's own writes are reported by the change-tracking dialect.
  const dataVersion = sqlite.prepare('PRAGMA data_version');
  const changes = new TableChanges(
    path === ':memory:' ? {} : { poll: () => dataVersion.get()?.['data_version'] },
  );
  const db = tracked(new NodeSqliteDialect(sqlite), changes);
  return { db, changes, close: () => db.destroy() };
}

const safeSchemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL, with the migrator's introspection kept to the service's own schema. */
class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

async function openPostgres(url: string, schema: string | undefined): Promise<Opened> {
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
  const config = {
    connectionString: url,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  };
  const pool = new pg.Pool({ ...config, max: 10 });
  // Other instances write too: cached reads wait for the listener before they are trusted.
  const changes = new TableChanges({ suspended: true });
  const listener = new PostgresChangeListener(
    {
      ...config,
      application_name:
        schema === undefined ? CHANGE_LISTENER_NAME : `${CHANGE_LISTENER_NAME}:${schema}`,
    },
    changes,
  );
  const db = tracked(new OwnSchemaPostgresDialect({ pool }), changes);
  return {
    db,
    changes,
    ready: async () => {
      await installChangeTriggers(db);
      await listener.start();
    },
    close: async () => {
      await listener.close();
      await db.destroy();
    },
  };
}

/**
 * Opens the database at `location` and brings its schema up to date. A data directory is
 * created when missing and holds `docsync.db` (WAL mode, foreign keys on); the directory is
 * kept 0700 and the database 0600.
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  let opened: Opened;
  let dialect: DialectName;
  if ('url' in location) {
    opened = await openPostgres(location.url, location.schema);
    dialect = 'postgres';
  } else if ('dataDir' in location) {
    embeddedSqlite();
    // It holds API token hashes, share keys and signing keys: the service's user only.
    mkdirSync(location.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(location.dataDir, 0o700);
    const file = join(location.dataDir, SQLITE_FILE_NAME);
    // SQLite gives the -wal and -shm files the database file's mode.
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
    opened = openSqlite(file);
    dialect = 'sqlite';
  } else {
    opened = openSqlite(':memory:');
    dialect = 'sqlite';
  }
  const { db, changes, close } = opened;
  try {
    await migrateToLatest(db, 'url' in location ? location.schema : undefined);
    await opened.ready?.();
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, changes, close };
}
