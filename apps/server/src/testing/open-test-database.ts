import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../storage/open-database.js';

/** A database for one test: SQLite in memory, or a PostgreSQL schema of its own. */
export interface TestDatabase {
  readonly database: Database;
  /** The PostgreSQL schema (undefined on SQLite): open it again to act as another instance. */
  readonly schema: string | undefined;
  /** Closes the database and drops the schema. */
  readonly close: () => Promise<void>;
}

/** The `DATABASE_URL` PostgreSQL tests run against; throws when it is not set. */
export function testDatabaseUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (url === undefined) throw new Error('PostgreSQL tests need `DATABASE_URL`');
  return url;
}

/**
 * Opens a migrated database for a test: SQLite in memory, or a fresh PostgreSQL schema (at
 * `DATABASE_URL`) that `close` drops, so concurrent test files never see each other's rows.
 */
export async function openTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const database = await openDatabase({ memory: true });
    return { database, schema: undefined, close: () => database.close() };
  }
  const url = testDatabaseUrl();
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dropSchema = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  };
  let database: Database;
  try {
    database = await openDatabase({ url, schema });
  } catch (error) {
    await dropSchema();
    throw error;
  }
  return {
    database,
    schema,
    close: async () => {
      await database.close();
      await dropSchema();
    },
  };
}
