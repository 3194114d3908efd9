import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from './errors.js';
import { listByKeys } from './pagination.js';
import { openTestDatabase, type TestDatabase } from './testing/open-test-database.js';
import { testDialects } from './testing/start-test-server.js';

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`listByKeys (${dialect})`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await openTestDatabase(dialect);
      // Users keyed by (display name, id): five on three names, and one the filter leaves out.
      const users = ['a', 'a', 'b', 'b', 'b', 'left out'].map((name, index) => ({
        id: `user-${index}`,
        email: `user-${index}@example.com`,
        display_name: name,
        email_verified: true,
        photo_url: null,
        created_at: '2025-01-01T00:00:00.000Z',
      }));
      await test.database.db.insertInto('users').values(users).execute();
    });
    afterAll(async () => {
      await test.close();
    });

    const matching = () =>
      test.database.db.selectFrom('users').where('display_name', '!=', 'left out');
    const pages = async (descending: boolean) => {
      const seen: string[][] = [];
      let page: string | undefined;
      do {
        const listed = await listByKeys(
          { page, limit: 2 },
          matching(),
          (q) => q.select(['id', 'display_name']),
          {
            columns: ['display_name', 'id'],
            keyOf: (row) => [row.display_name, row.id],
            descending,
          },
        );
        expect(listed.count).toBe(5);
        seen.push(listed.rows.map((row) => row.id));
        page = listed.next?.page;
      } while (page !== undefined);
      return seen;
    };

    it('pages through the rows in key order, counting all of them', async () => {
      expect(await pages(false)).toEqual([['user-0', 'user-1'], ['user-2', 'user-3'], ['user-4']]);
    });

    it('pages backwards when descending', async () => {
      expect(await pages(true)).toEqual([['user-4', 'user-3'], ['user-2', 'user-1'], ['user-0']]);
    });

    it('refuses a cursor issued for other settings', async () => {
      const list = (order: string, page?: string) =>
        listByKeys({ page, limit: 1 }, matching(), (q) => q.select(['id', 'display_name']), {
          columns: ['display_name', 'id'],
          keyOf: (row) => [row.display_name, row.id],
          settings: { values: [order], mismatch: () => `cursor for another order` },
        });
      const first = await list('asc');
      expect(first.next).toBeDefined();
      expect((await list('asc', first.next?.page)).rows).toHaveLength(1);
      await expect(list('desc', first.next?.page)).rejects.toThrow(BadRequestError);
    });
  });
}
