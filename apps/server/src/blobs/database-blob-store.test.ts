import { afterEach, describe } from 'vitest';
import { blobStoreContract } from '../testing/blob-store-contract.js';
import { openTestDatabase, type TestDatabase } from '../testing/open-test-database.js';
import { DatabaseBlobStore } from './database-blob-store.js';

describe.skipIf(process.env['DATABASE_URL'] === undefined)('DatabaseBlobStore', () => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    for (const test of opened.splice(0)) await test.close();
  });

  blobStoreContract(async () => {
    const test = await openTestDatabase('postgres');
    opened.push(test);
    return new DatabaseBlobStore(test.database.db);
  });
});
