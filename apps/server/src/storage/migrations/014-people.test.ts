import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { NodeSqliteDialect } from '../node-sqlite-dialect.js';
import type { DatabaseSchema } from '../schema.js';
import { migrationProvider } from './index.js';

describe('migration 014-people', () => {
  it('makes the user `server init` made the server admin, and nobody else', async () => {
    const db = new Kysely<DatabaseSchema>({
      dialect: new NodeSqliteDialect(new DatabaseSync(':memory:')),
    });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('013-database-blobs')).error).toBeUndefined();
      const now = '2025-01-01T00:00:00.000Z';
      const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const id of ['first', 'other'])
        await raw
          .insertInto('users')
          .values({
            id,
            display_name: id,
            email: null,
            email_verified: 0,
            photo_url: null,
            created_at: now,
          })
          .execute();
      for (const [id, user, label] of [
        ['t1', 'first', 'server init'],
        ['t2', 'other', 'test'],
      ] as const)
        await raw
          .insertInto('api_tokens')
          .values({
            id,
            user_id: user,
            token_hash: id,
            prefix: id,
            label,
            created_at: now,
            last_used_at: null,
          })
          .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const users = await db
        .selectFrom('users')
        .select(['id', 'server_admin'])
        .orderBy('id')
        .execute();
      expect(users.map((user) => [user.id, Boolean(user.server_admin)])).toEqual([
        ['first', true],
        ['other', false],
      ]);
      const tokens = await db.selectFrom('api_tokens').select(['scope', 'expires_at']).execute();
      expect(tokens).toEqual([
        { scope: 'read-write', expires_at: null },
        { scope: 'read-write', expires_at: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
