import { mkdir, stat } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { makeTempDir } from '@docsync/test-utils';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from './open-database.js';

describe('openDatabase on SQLite', () => {
  it('creates the data directory with a WAL-mode database and foreign keys on', async () => {
    const dir = await makeTempDir('server-db');
    try {
      const database = await openDatabase({ dataDir: dir.join('nested/data') });
      const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(database.db);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
      const keys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(database.db);
      expect(keys.rows[0]?.foreign_keys).toBe(1);
      await database.close();

      // Reopening finds the schema in place and migrates nothing twice.
      const again = await openDatabase({ dataDir: dir.join('nested/data') });
      await again.close();
      const raw = new DatabaseSync(dir.join(`nested/data/${SQLITE_FILE_NAME}`));
      const tables = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      raw.close();
      expect(tables.map((row) => row['name'])).toEqual(
        expect.arrayContaining(['spaces', 'organizations']),
      );
    } finally {
      await dir.remove();
    }
  });

  it('keeps the data directory (0700) and the database files (0600) to the service’s user', async () => {
    const dir = await makeTempDir('server-db-modes');
    try {
      // An existing directory, made with the default modes, is tightened too.
      await mkdir(dir.join('data'), { mode: 0o755 });
      const database = await openDatabase({ dataDir: dir.join('data') });
      await sql`CREATE TABLE probe (id integer)`.execute(database.db);
      const mode = async (path: string) => (await stat(dir.join(path))).mode & 0o777;
      expect(await mode('data')).toBe(0o700);
      for (const file of [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`, `${SQLITE_FILE_NAME}-shm`])
        expect(await mode(`data/${file}`), file).toBe(0o600);
      await database.close();
    } finally {
      await dir.remove();
    }
  });

  it('refuses a row that breaks a foreign key', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await expect(
        database.db
          .insertInto('members')
          .values({
            organization_id: 'missing',
            user_id: 'missing',
            role: 'read',
            sso: false,
            disabled: false,
            joined_at: '2025-01-01T00:00:00.000Z',
            last_seen_at: null,
          })
          .execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
    } finally {
      await database.close();
    }
  });

  it('runs concurrent transactions one after the other on the single connection', async () => {
    const database = await openDatabase({ memory: true });
    try {
      const insertUser = (id: string) =>
        database.db
          .insertInto('users')
          .values({
            id,
            display_name: id,
            email: null,
            email_verified: false,
            photo_url: null,
            created_at: 'now',
          })
          .execute();
      const failing = database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: 'rolled-back',
            display_name: 'x',
            email: null,
            email_verified: true,
            photo_url: null,
            created_at: 'now',
          })
          .execute();
        // Another request's query arrives while this transaction is open...
        const outside = insertUser('outside');
        await Promise.resolve();
        throw Object.assign(new Error('abort'), { outside });
      });
      const error = (await failing.catch((caught: unknown) => caught)) as {
        outside: Promise<unknown>;
      };
      // ...and runs after the rollback, so the rollback does not take it along.
      await error.outside;
      const ids = await database.db.selectFrom('users').select('id').execute();
      expect(ids.map((row) => row.id)).toEqual(['outside']);
    } finally {
      await database.close();
    }
  });
});
