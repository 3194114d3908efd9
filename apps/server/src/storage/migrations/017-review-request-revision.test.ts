import { describe, expect, it } from 'vitest';
import { databaseBefore } from './database-before.js';

describe('migration 017-review-request-revision', () => {
  it('records the change request’s head when each reviewer was asked', async () => {
    const { db, insert, migrateToLatest } = await databaseBefore('016-agent-instructions-writer');
    try {
      const at = (hour: number) => `2025-01-01T0${String(hour)}:00:00.000Z`;
      // The change request's head went r1 (1:00), r2 (3:00), r3 (5:00).
      for (const [id, parent, hour] of [
        ['r1', null, 1],
        ['r2', 'r1', 3],
        ['r3', 'r2', 5],
      ] as const)
        await insert('content_revisions', { id, parent_id: parent, created_at: at(hour) });
      await insert('change_requests', { id: 'cr', head_revision_id: 'r3' });
      for (const [user, hour] of [
        ['early', 2],
        ['late', 6],
        ['exact', 3],
      ] as const)
        await insert('change_request_review_requests', {
          change_request_id: 'cr',
          user_id: user,
          requested_by: 'someone',
          requested_at: at(hour),
        });
      await migrateToLatest();
      const rows = await db
        .selectFrom('change_request_review_requests')
        .select(['user_id', 'revision_id'])
        .orderBy('user_id')
        .execute();
      expect(rows).toEqual([
        { user_id: 'early', revision_id: 'r1' },
        { user_id: 'exact', revision_id: 'r2' },
        { user_id: 'late', revision_id: 'r3' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
