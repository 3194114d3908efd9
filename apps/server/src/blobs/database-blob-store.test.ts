import { gitBlobId } from '@docsync/core';
import { makeTempDir } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/open-test-database.js';
import { DirectoryBlobStore } from './blob-store.js';
import { DatabaseBlobStore } from './database-blob-store.js';

describe.skipIf(process.env['DATABASE_URL'] === undefined)('DatabaseBlobStore', () => {
  it('keeps bytes in PostgreSQL, and moves in what a blob directory held as it is read', async () => {
    const test = await openTestDatabase('postgres');
    const dir = await makeTempDir('database-blobs');
    try {
      const old = new DirectoryBlobStore(dir.path);
      const earlier = new TextEncoder().encode('kept on disk by an earlier version\n');
      const earlierId = await old.put(earlier);
      const store = new DatabaseBlobStore(test.database.db, { fallback: old });
      const bytes = new Uint8Array(70_000).map((_, n) => n % 256);

      const id = await store.put(bytes);
      expect(id).toBe(gitBlobId(bytes));
      expect(await store.put(bytes)).toBe(id);
      expect(await store.size(id)).toBe(70_000);
      expect(await store.get(id)).toEqual(bytes);
      expect(await store.has('0'.repeat(40))).toBe(false);
      expect(await store.get('../etc/passwd')).toBeUndefined();

      expect(await store.size(earlierId)).toBe(earlier.byteLength);
      expect(await store.get(earlierId)).toEqual(earlier);
      const moved = new DatabaseBlobStore(test.database.db);
      expect(await moved.get(earlierId)).toEqual(earlier);
    } finally {
      await test.close();
      await dir.remove();
    }
  });
});
