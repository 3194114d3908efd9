import { describe, expect, it } from 'vitest';
import { databaseBefore } from './database-before.js';

describe('migration 014-people', () => {
  it('makes the user `server init` made the server admin, and nobody else', async () => {
    const { db, raw, insert, migrateToLatest } = await databaseBefore('013-database-blobs');
    try {
      const now = '2025-01-01T00:00:00.000Z';
      for (const id of ['first', 'other'])
        await insert('users', { id, display_name: id, created_at: now });
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
      await migrateToLatest();
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
