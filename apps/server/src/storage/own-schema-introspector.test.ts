import { randomBytes } from 'node:crypto';
import {
  Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
} from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../testing/open-test-database.js';
import { OwnSchemaIntrospector } from './own-schema-introspector.js';

describe.skipIf(process.env['DATABASE_URL'] === undefined)('OwnSchemaIntrospector', () => {
  const tag = randomBytes(4).toString('hex');
  const own = `intro_own_${tag}`;
  const other = `intro_other_${tag}`;
  let admin: pg.Client;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    for (const schema of [own, other]) await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.query(
      `CREATE TABLE "${own}".pages (id serial PRIMARY KEY, title text NOT NULL, body text)`,
    );
    await admin.query(`CREATE TABLE "${own}".kysely_migration (name varchar(255) PRIMARY KEY)`);
    await admin.query(`CREATE TABLE "${other}".pages (id integer)`);
    db = new Kysely<unknown>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({
          connectionString: testDatabaseUrl(),
          options: `-c search_path=${own}`,
          max: 2,
        }),
      }),
    });
  });

  afterAll(async () => {
    await db.destroy();
    for (const schema of [own, other]) await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
  });

  it('describes the tables of its own schema only, with their columns', async () => {
    const introspector = new OwnSchemaIntrospector(db);
    expect(await introspector.getSchemas()).toEqual([{ name: own }]);
    const tables = await introspector.getTables();
    expect(tables.map((table) => `${table.schema}.${table.name}`)).toEqual([`${own}.pages`]);
    expect(tables[0]?.columns).toEqual([
      expect.objectContaining({ name: 'id', dataType: 'int4', isAutoIncrementing: true }),
      expect.objectContaining({ name: 'title', dataType: 'text', isNullable: false }),
      expect.objectContaining({ name: 'body', isNullable: true, hasDefaultValue: false }),
    ]);
    const all = await introspector.getTables({ withInternalKyselyTables: true });
    expect(all.map((table) => table.name)).toEqual(['kysely_migration', 'pages']);
  });

  /**
   * Another connection creates and drops schemas while `introspector` lists tables, as other
   * services (or test files) do in a shared database. Returns how many of `rounds` listings
   * failed.
   */
  async function listingsFailingDuringChurn(
    introspector: DatabaseIntrospector,
    rounds: number,
  ): Promise<number> {
    const churn = new pg.Client({ connectionString: testDatabaseUrl() });
    await churn.connect();
    const state = { stop: false };
    const churning = (async () => {
      for (let round = 0; !state.stop; round += 1) {
        const schema = `intro_state${tag}_${round}`;
        // One statement each, so that every step commits on its own.
        await churn.query(`CREATE SCHEMA "${schema}"`);
        await churn.query(`CREATE TABLE "${schema}".t (a serial, b text)`);
        await churn.query(`DROP SCHEMA "${schema}" CASCADE`);
      }
    })();
    let failed = 0;
    try {
      for (let round = 0; round < rounds; round += 1) {
        await introspector.getTables({ withInternalKyselyTables: true }).catch(() => {
          failed += 1;
        });
      }
    } finally {
      state.stop = true;
      await churning;
      await churn.end();
    }
    return failed;
  }

  it('lists its tables while other schemas are created and dropped (Kysely’s own scan fails)', async () => {
    // The scan over every schema fails now and then: the listing below must never fail.
    const before = await listingsFailingDuringChurn(new PostgresIntrospector(db), 300);
    const after = await listingsFailingDuringChurn(new OwnSchemaIntrospector(db), 300);
    console.log(
      `listings failed during schema churn: Kysely's ${before}/300, own schema ${after}/300`,
    );
    expect(after).toBe(0);
  });

  it('answers in the schema the connection is in, whatever its name', async () => {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
    expect(rows[0]?.schema).toBe(own);
  });
});
