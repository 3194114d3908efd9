import { randomBytes } from 'node:crypto';
import { ManualClock, makeTempDir } from '@docsync/test-utils';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeOf } from '../testing/change-of.js';
import { seedOrganization, seedUser } from '../testing/seed.js';
import {
  openTestDatabase,
  testDatabaseUrl,
  type TestDatabase,
} from '../testing/open-test-database.js';
import { testDialects } from '../testing/start-test-server.js';
import { CHANGE_LISTENER_NAME, openDatabase } from './open-database.js';
import { CHANGES_CHANNEL } from './postgres-change-triggers.js';
import { ReadCache } from './read-cache.js';
import type { Db } from './schema.js';
import type { TableChanges } from './table-changes.js';

const clock = new ManualClock();

/** Resolves once `changes` is suspended (`true`) or trusted again (`false`). */
function suspension(changes: TableChanges, suspended: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (changes.suspended === suspended) resolve();
    const stop = changes.watch(() => {
      if (changes.suspended === suspended) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * On PostgreSQL, waits until the notifications of every write committed so far have arrived (they
 * come in commit order, so a marker sent now comes after them): a late one would end a kept value
 * and make a count of loads uncertain. Nothing to wait for on SQLite.
 */
async function settle(test: TestDatabase): Promise<void> {
  if (test.schema === undefined) return;
  const marker = `marker_${randomBytes(4).toString('hex')}`;
  const arrived = changeOf(test.database.changes, marker);
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${test.schema}.${marker}`]);
  } finally {
    await client.end();
  }
  await arrived;
}

/** A loader of one user's display name that counts its runs. */
function nameLoader(userId: string) {
  const loader = {
    runs: 0,
    load: async (db: Db) => {
      loader.runs += 1;
      const row = await db
        .selectFrom('users')
        .select('display_name')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.display_name;
    },
  };
  return loader;
}

const rename = (db: Db, userId: string, name: string) =>
  db.updateTable('users').set({ display_name: name }).where('id', '=', userId).execute();

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`ReadCache (${dialect})`, () => {
    let test: TestDatabase;
    let db: Db;
    let cache: ReadCache;
    let userId: string;
    beforeAll(async () => {
      test = await openTestDatabase(dialect);
      db = test.database.db;
    });
    afterAll(async () => {
      await test.close();
    });
    // Each test: a cache of its own and a user of its own.
    beforeEach(async () => {
      cache = new ReadCache(db, test.database.changes);
      ({ userId } = await seedUser(db, clock, { name: 'Ada' }));
      await settle(test);
    });

    it('keeps a value until a table its loader read is written', async () => {
      const name = nameLoader(userId);
      expect(await cache.read('name', name.load)).toBe('Ada');
      expect(await cache.read('name', name.load)).toBe('Ada');
      await seedOrganization(db, clock); // another table: the kept value stays
      expect(await cache.read('name', name.load)).toBe('Ada');
      expect(name.runs).toBe(1);
      await rename(db, userId, 'Grace');
      expect(await cache.read('name', name.load)).toBe('Grace');
      expect(name.runs).toBe(2);
    });

    it('counts a delete as changing every table (a cascade may reach any)', async () => {
      const name = nameLoader(userId);
      await cache.read('name', name.load);
      await db.deleteFrom('organizations').where('id', '=', 'none').execute();
      await cache.read('name', name.load);
      expect(name.runs).toBe(2);
    });

    it('serves no value read while a transaction was open once it commits', async () => {
      const name = nameLoader(userId);
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => (wrote = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const transaction = db.transaction().execute(async (trx) => {
        await rename(trx, userId, 'Grace');
        wrote();
        await finished;
      });
      await written;
      // PostgreSQL reads the committed 'Ada' meanwhile; SQLite's one connection waits for the
      // commit.
      const during = cache.read('name', name.load);
      if (dialect === 'postgres') expect(await during).toBe('Ada');
      finish();
      await transaction;
      await during;
      expect(await cache.read('name', name.load)).toBe('Grace');
    });

    it('does not keep a value written while it was being read', async () => {
      let runs = 0;
      const load = async (reader: Db) => {
        runs += 1;
        const row = await reader
          .selectFrom('users')
          .select('display_name')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        await rename(db, userId, `renamed ${runs}`); // lands after the read, before the keep
        return row.display_name;
      };
      expect(await cache.read('name', load)).toBe('Ada');
      expect(await cache.read('name', load)).toBe('renamed 1');
      expect(runs).toBe(2);
    });

    it('keeps neither an absent value nor a failure', async () => {
      let runs = 0;
      const absent = () => {
        runs += 1;
        return Promise.resolve(undefined);
      };
      await cache.read('absent', absent);
      await cache.read('absent', absent);
      const failing = () => {
        runs += 1;
        return Promise.reject(new Error('no'));
      };
      await expect(cache.read('failing', failing)).rejects.toThrow('no');
      await expect(cache.read('failing', failing)).rejects.toThrow('no');
      expect(runs).toBe(4);
    });

    it('shares one load between concurrent reads of a key, and freezes what it keeps', async () => {
      let runs = 0;
      const load = async (reader: Db) => {
        runs += 1;
        return reader.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      };
      const [first, second] = await Promise.all([cache.read('u', load), cache.read('u', load)]);
      expect(runs).toBe(1);
      expect(second).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
    });

    it('drops the oldest value past its bound', async () => {
      const small = new ReadCache(db, test.database.changes, { maxEntries: 2 });
      const name = nameLoader(userId);
      for (const key of ['a', 'b', 'c', 'a']) await small.read(key, name.load);
      expect(name.runs).toBe(4); // `a` was dropped for `c`
      await small.read('c', name.load);
      expect(name.runs).toBe(4);
    });

    it('keeps nothing without a change feed', async () => {
      const uncached = new ReadCache(db, undefined);
      const name = nameLoader(userId);
      await uncached.read('name', name.load);
      await uncached.read('name', name.load);
      expect(name.runs).toBe(2);
    });
  });
}

describe('ReadCache with another process on the same SQLite file', () => {
  it('sees a commit made through another connection on the next read', async () => {
    const dir = await makeTempDir('read-cache');
    const ours = await openDatabase({ dataDir: dir.path });
    const theirs = await openDatabase({ dataDir: dir.path });
    try {
      const cache = new ReadCache(ours.db, ours.changes);
      const { userId } = await seedUser(ours.db, clock, { name: 'Ada' });
      const name = nameLoader(userId);
      expect(await cache.read('name', name.load)).toBe('Ada');
      await rename(theirs.db, userId, 'Grace');
      // The next turn of the event loop is where the next request would be read.
      await new Promise((resolve) => setImmediate(resolve));
      expect(await cache.read('name', name.load)).toBe('Grace');
    } finally {
      await theirs.close();
      await ours.close();
      await dir.remove();
    }
  });
});

describe.skipIf(process.env['DATABASE_URL'] === undefined)(
  'ReadCache with other writers on PostgreSQL',
  () => {
    let test: TestDatabase;
    let other: Awaited<ReturnType<typeof openDatabase>>;
    let admin: pg.Client;
    let cache: ReadCache;
    let changes: TableChanges;
    let userId: string;
    beforeAll(async () => {
      test = await openTestDatabase('postgres');
      ({ changes } = test.database);
      other = await openDatabase({ url: testDatabaseUrl(), schema: test.schema ?? '' });
      admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
    });
    afterAll(async () => {
      await admin.end();
      await other.close();
      await test.close();
    });
    beforeEach(async () => {
      cache = new ReadCache(test.database.db, changes);
      ({ userId } = await seedUser(test.database.db, clock, { name: 'Ada' }));
      await settle(test);
    });

    it('sees another instance’s commit once PostgreSQL announces it', async () => {
      const name = nameLoader(userId);
      expect(await cache.read('name', name.load)).toBe('Ada');
      const announced = changeOf(changes, 'users');
      await rename(other.db, userId, 'Grace');
      await announced;
      expect(await cache.read('name', name.load)).toBe('Grace');
    });

    it('sees writes made outside docsync, foreign-key cascades included', async () => {
      const tokens = async (reader: Db) =>
        (await reader.selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute())
          .length;
      expect(await cache.read('tokens', tokens)).toBe(1);
      // As an operator would revoke access in psql: the user goes, their tokens with them.
      const announced = changeOf(changes, 'api_tokens');
      await admin.query(`DELETE FROM "${test.schema ?? ''}".users WHERE id = $1`, [userId]);
      await announced;
      expect(await cache.read('tokens', tokens)).toBe(0);
    });

    it('trusts nothing while its listener is disconnected, and reloads once it listens again', async () => {
      const name = nameLoader(userId);
      await cache.read('name', name.load);
      const lost = suspension(changes, true);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [`${CHANGE_LISTENER_NAME}:${test.schema ?? ''}`],
      );
      await lost;
      // Unannounced meanwhile: not even the trigger's notification can reach this instance.
      await admin.query(
        `UPDATE "${test.schema ?? ''}".users SET display_name = 'Grace' WHERE id = $1`,
        [userId],
      );
      expect(await cache.read('name', name.load)).toBe('Grace');
      expect(await cache.read('name', name.load)).toBe('Grace');
      expect(name.runs).toBe(3);
      await suspension(changes, false);
      expect(await cache.read('name', name.load)).toBe('Grace');
      expect(await cache.read('name', name.load)).toBe('Grace');
      expect(name.runs).toBe(4);
    });
  },
);
