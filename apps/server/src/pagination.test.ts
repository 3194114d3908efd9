import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors.js';
import { decodeCursor, encodeCursor, loadPage } from './pagination.js';

describe('pagination cursors', () => {
  it('round-trip a sort key through an opaque url-safe string', () => {
    const cursor = encodeCursor(['2025-01-01T00:00:00.000Z', 'abc']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(['2025-01-01T00:00:00.000Z', 'abc']);
  });

  it('refuses cursors it did not issue with a 400', () => {
    for (const page of [
      '',
      'bm9wZQ',
      encodeCursor(['only-one']),
      Buffer.from('{"k":[{}, 1]}').toString('base64url'),
    ]) {
      expect(() => decodeCursor(page, 2)).toThrow(BadRequestError);
    }
  });
});

describe('loadPage', () => {
  const rows = Array.from({ length: 5 }, (_, index) => ({ key: index }));
  const load = (after: (string | number)[] | undefined, take: number) =>
    Promise.resolve(
      rows.filter((row) => after === undefined || row.key > Number(after[0])).slice(0, take),
    );

  it('returns `limit` rows and a cursor while more follow, and none on the last page', async () => {
    const first = await loadPage({ limit: 2 }, 1, load, (row) => [row.key]);
    expect(first.rows).toEqual([{ key: 0 }, { key: 1 }]);
    const second = await loadPage({ limit: 3, page: first.next?.page }, 1, load, (row) => [
      row.key,
    ]);
    expect(second.rows).toEqual([{ key: 2 }, { key: 3 }, { key: 4 }]);
    expect(second.next).toBeUndefined();
  });
});
